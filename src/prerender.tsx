import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import Container from '@mui/material/Container';
import createEmotionServer from '@emotion/server/create-instance';
import { createTheme, type Theme, ThemeProvider } from '@mui/material/styles';
import { lazy, type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { prerenderToNodeStream } from 'react-dom/static';
import { Route, Routes, StaticRouter } from 'react-router-dom';
import { AppProviders } from '@/app/AppProviders';
import { AppRoutes } from '@/app/AppRoutes';
import { Layout } from '@/app/Layout';
import { appTheme } from '@/app/theme/theme';
import { USAGE_SAMPLE } from '@/app/earlyUsage';
import { UsageSummary } from '@/features/calls/UsageSummary';
import { api } from '@/store/api/base';
import { callsApi } from '@/store/api/calls';
import { type AppStore, createAppStore } from '@/store/store';
import { demoSubscriberStore } from './demoSubscriberStore';
import { paths } from '@/config/paths';

export interface Prerendered {
  // The page's markup, for inside #root.
  html: string;
  // Its styles, for <head>: the browser's Emotion cache adopts them (the key is Emotion's default).
  styles: string;
}

export interface AppShell extends Prerendered {
  // The usage card for USAGE_SAMPLE (src/app/earlyUsage.ts), its styles among the shell's.
  usageCard: string;
}

const readAll = async (stream: NodeJS.ReadableStream) => {
  let html = '';
  for await (const chunk of stream) html += String(chunk);
  return html;
};

// The app as the browser renders it, around `routes`; Emotion's cache collects every style the render
// inserts, and the critical ones are read from the markup.
const app = (routes: ReactNode, store: AppStore, cache: EmotionCache, theme?: (outer: Theme) => Theme) => (
  <StrictMode>
    <CacheProvider value={cache}>
      <AppProviders store={store}>
        {theme ? <ThemeProvider theme={theme}>{routes}</ThemeProvider> : routes}
      </AppProviders>
    </CacheProvider>
  </StrictMode>
);

async function render(url: string, store: AppStore, cache: EmotionCache, theme?: (outer: Theme) => Theme) {
  const routes = (
    <StaticRouter location={url}>
      <AppRoutes />
    </StaticRouter>
  );
  const { prelude } = await prerenderToNodeStream(app(routes, store, cache, theme));
  return readAll(prelude);
}

/**
 * A public page as a signed-out visitor first sees it, rendered by the build (scripts/
 * prerender-plugin.ts) from the app's own components; the browser hydrates it (src/main.tsx).
 * prerender waits for the lazy page, so the markup is the page, not its fallback.
 */
export async function prerenderPage(url: string): Promise<Prerendered> {
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const html = await render(url, createAppStore(), cache);
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  return { html, styles };
}

// The width the call history is laid out for (src/features/calls/CallList.tsx) is read from a media query.
const screen = (phone: boolean) => (outer: Theme) =>
  createTheme(outer, {
    components: { MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: () => ({ matches: phone }) } } },
  });

// A page whose code never arrives: the layout shows its loading indicator, as it does in the browser
// until the page's chunk has loaded.
const Arriving = lazy(() => new Promise<never>(() => {}));

/**
 * What app.html (every path that is not a prerendered public page) carries:
 * - its markup is what the app's first commit shows, the layout holding its loading indicator while
 *   the page's code arrives. It paints with the HTML instead of once the scripts have run; the app
 *   does not hydrate it (src/main.tsx) but replaces it, on that first commit, with the same elements.
 * - its styles are those and the dashboard of the mock API's demo subscriber (on trial), on a phone
 *   and on a wide screen (the dashboard's markup is not used: its data is the visitor's own). The
 *   browser's Emotion cache adopts them, so the dashboard's first commits do not compile and insert
 *   them rule by rule: that was most of the longest task after its first paint.
 */
export async function prerenderAppShell(): Promise<AppShell> {
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  // renderToString does not wait for a suspended page: it writes the fallback.
  const loading = renderToString(
    app(
      <StaticRouter location="/">
        <Routes>
          <Route element={<Layout />}>
            <Route path="*" element={<Arriving />} />
          </Route>
        </Routes>
      </StaticRouter>,
      createAppStore(),
      cache,
    ),
  );
  const usageStore = createAppStore();
  await usageStore.dispatch(callsApi.util.upsertQueryData('getUsage', undefined, USAGE_SAMPLE));
  // The card alone: the page's global styles and toasts are the app's.
  const usageCard = renderToString(
    <CacheProvider value={cache}>
      <Provider store={usageStore}>
        <ThemeProvider theme={appTheme()}>
          <Container maxWidth="sm">
            <UsageSummary />
          </Container>
        </ThemeProvider>
      </Provider>
    </CacheProvider>,
  );
  const store = await demoSubscriberStore();
  let dashboard = '';
  for (const phone of [true, false]) dashboard += await render(paths.dashboard, store, cache, screen(phone));
  // Its cache timers would keep the build's process alive for a minute.
  store.dispatch(api.util.resetApiState());
  const styles = emotion.constructStyleTagsFromChunks(
    emotion.extractCriticalToChunks(loading + dashboard + usageCard),
  );
  return { html: loading, styles, usageCard };
}
