import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppProviders } from '@/app/AppProviders';
import { AppRoutes } from '@/app/AppRoutes';
import { createAppStore } from '@/store/store';

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

/**
 * A public page as a signed-out visitor first sees it, rendered by the build (scripts/
 * prerender-plugin.ts) from the app's own components; the browser hydrates it (src/main.tsx).
 * prerender waits for the lazy page, so the markup is the page, not its fallback.
 */
export async function prerenderPage(url: string): Promise<Prerendered> {
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders store={createAppStore()}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
  );
  const html = await readAll(prelude);
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  return { html, styles };
}
