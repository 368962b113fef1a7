import { prefetchFirstVisit, runningRequestsAnswered } from '@/app/prefetch';
import { config } from '@/config';
import { deviceIdGenerated, selectDeviceId } from '@/store/analyticsSlice';
import { initAnalytics } from '@/lib/analytics';
import { nextTask } from '@/lib/nextTask';
import { whenRehydrated } from '@/store/persist';
import { makeStore } from '@/store/store';

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

/**
 * The store and the page's first requests (Redux Toolkit, RTK Query, redux-persist), loaded by
 * src/main.tsx with a dynamic import before the rest of the app (src/app/start.tsx: MUI, the
 * providers, the routes), so that each part's evaluation is a task of its own (TBT). Builds the
 * store; `started` starts analytics once the render has begun.
 */
export async function startStore(hydrating: boolean) {
  const { store, persistor } = makeStore();
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
  // The device id is persisted, so analytics starts once storage is rehydrated.
  const started = async () => {
    await whenRehydrated(persistor);
    startAnalytics(store);
  };
  return { store, started };
}
