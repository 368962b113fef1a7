import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '@/app/AppProviders';
import { AppRoutes } from '@/app/AppRoutes';
import { prefetchFirstVisit, runningRequestsAnswered } from '@/app/prefetch';
import { config } from '@/config';
import { deviceIdGenerated, selectDeviceId } from '@/store/analyticsSlice';
import { initAnalytics } from '@/lib/analytics';
import { nextTask } from '@/lib/nextTask';
import { whenRehydrated } from '@/store/persist';
import { makeStore } from '@/store/store';

const startMockApi = async () => {
  // Read from import.meta.env here (not config) so Vite drops the mock API from production builds.
  if (import.meta.env.MODE !== 'mock') return;
  const { worker } = await import('@mocks/browser');
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
};

const startAnalytics = (store: ReturnType<typeof makeStore>['store']) => {
  let deviceId = selectDeviceId(store.getState());
  if (!deviceId) {
    deviceId = crypto.randomUUID();
    store.dispatch(deviceIdGenerated(deviceId));
  }
  initAnalytics(config.analyticsKey, deviceId);
};

// How long a first visit's render waits for its page's first answers (src/app/prefetch.ts).
const FIRST_ANSWERS_WAIT_MS = 1000;

const boot = async () => {
  document.title = config.productName;
  await startMockApi();
  // The scripts' evaluation ends here: building the store and reading storage run in a task of
  // their own, and the render in its own slices, rather than in one long task (TBT).
  await nextTask();
  const { store, persistor } = makeStore();
  const container = document.getElementById('root')!;
  // Still holding a prerendered page (index.html leaves it only for the visit it was rendered for).
  // app.html's loading indicator is not hydrated: the first commit replaces it with the same elements.
  const hydrating = container.dataset.prerendered !== undefined && container.hasChildNodes();
  // A prerendered page is hydrated at once: it is only left for a visitor with no session stored,
  // whose state is the initial one. Any other first render waits for storage (a few microtasks), so
  // the page mounts in that render's time slices: behind a gate that opens after the first commit,
  // React would mount it in one synchronous task (measured on /dashboard: 500 ms at 4x CPU).
  // Its page's first answers are in the store before that render too (runningRequestsAnswered).
  if (!hydrating) {
    await whenRehydrated(persistor);
    // Storage's rehydration and the page's first requests, each a few dispatches: tasks of their own.
    await nextTask();
    prefetchFirstVisit(store, window.location.pathname);
    await runningRequestsAnswered(store, FIRST_ANSWERS_WAIT_MS);
  }
  const app = (
    <StrictMode>
      <AppProviders store={store}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
  // In a transition, React renders in slices that yield to the browser instead of one long task
  // (TBT): hydrateRoot on its own hydrates at the default lane, which React renders without yielding.
  startTransition(() => {
    if (hydrating) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
  // The device id is persisted, so analytics starts once storage is rehydrated.
  await whenRehydrated(persistor);
  startAnalytics(store);
};

void boot();
