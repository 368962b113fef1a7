import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '@/app/AppProviders';
import { AppRoutes } from '@/app/AppRoutes';
import { startStore } from '@/app/startStore';

/**
 * The app but React DOM and the store, loaded by src/main.tsx with a dynamic import once the store's
 * part (src/app/startStore.ts) has been evaluated, so that its own evaluation (MUI, Emotion, the
 * routes) is a task of its own (TBT). Builds the store and gives the element to render; `started`
 * starts analytics once the render has begun.
 */
export async function startApp(hydrating: boolean) {
  const { store, started } = await startStore(hydrating);
  const app = (
    <StrictMode>
      <AppProviders store={store}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
  return { app, started };
}
