import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { config } from '@/config';
import { nextTask } from '@/lib/nextTask';

// The entry holds React DOM and little else: the rest of the app is imported once its evaluation has
// ended, in two parts (src/app/startStore.ts, then src/app/start.tsx), so the three evaluations are
// tasks of their own rather than one long task (TBT). The build preloads the app's chunks beside the
// entry (scripts/route-preload-plugin.ts).

const startMockApi = async () => {
  // Read from import.meta.env here (not config) so Vite drops the mock API from production builds.
  if (import.meta.env.MODE !== 'mock') return;
  const { worker } = await import('@mocks/browser');
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
};

const boot = async () => {
  document.title = config.productName;
  await startMockApi();
  await nextTask();
  // The store's part first (Redux Toolkit, RTK Query), then the rest (MUI, the routes): each chunk's
  // evaluation a task of its own.
  await import('@/app/startStore');
  await nextTask();
  const { startApp } = await import('@/app/start');
  // The app's evaluation ends here: building the store and reading storage run in a task of their
  // own, and the render in its own slices.
  await nextTask();
  const container = document.getElementById('root')!;
  // Still holding a prerendered page (index.html leaves it only for the visit it was rendered for).
  // app.html's loading indicator is not hydrated: the first commit replaces it with the same elements.
  const hydrating = container.dataset.prerendered !== undefined && container.hasChildNodes();
  const { app, started } = await startApp(hydrating);
  // In a transition, React renders in slices that yield to the browser instead of one long task
  // (TBT): hydrateRoot on its own hydrates at the default lane, which React renders without yielding.
  startTransition(() => {
    if (hydrating) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
  await started();
};

void boot();
