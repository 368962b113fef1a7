import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { createTheme, type Theme, ThemeProvider } from '@mui/material/styles';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppProviders } from '@/app/AppProviders';
import { AppRoutes } from '@/app/AppRoutes';
import { api } from '@/store/api/base';
import { type AppStore, createAppStore } from '@/store/store';
import { signedInSample } from './signedInSample';

export interface Prerendered {
  // The page's markup, for inside #root.
  html: string;
  // Its styles, for <head>: the browser's Emotion cache adopts them (the key is Emotion's default).
  styles: string;
}

const readAll = async (stream: NodeJS.ReadableStream) => {
  let html = '';
  for await (const chunk of stream) html += String(chunk);
  return html;
};

// Emotion's cache collects every style the render inserts; the critical ones are read from the markup.
async function render(url: string, store: AppStore, cache: EmotionCache, theme?: (outer: Theme) => Theme) {
  const routes = (
    <StaticRouter location={url}>
      <AppRoutes />
    </StaticRouter>
  );
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders store={store}>
          {theme ? <ThemeProvider theme={theme}>{routes}</ThemeProvider> : routes}
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
  );
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

/**
 * The styles of a trialing subscriber's dashboard, on a phone and on a wide screen, for app.html's
 * <head> (the markup is not used: the page's data is the visitor's own). The browser's Emotion cache
 * adopts them, so the dashboard's first commits do not compile and insert them rule by rule: that was
 * most of the longest task after its first paint.
 */
export async function prerenderDashboardStyles(now: Date): Promise<string> {
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const store = await signedInSample(now);
  let html = '';
  for (const phone of [true, false]) html += await render('/dashboard', store, cache, screen(phone));
  // Its cache timers would keep the build's process alive for a minute.
  store.dispatch(api.util.resetApiState());
  return emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
}
