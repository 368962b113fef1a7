import { DEMO } from '@mocks/fixtures';
import { server } from '@mocks/node';
import { prefetchFirstVisit } from '@/app/prefetch';
import { api } from '@/store/api/base';
import { tokensRefreshed } from '@/store/session';
import { createAppStore } from '@/store/store';
import { paths } from '@/config/paths';

/**
 * A store signed in as the mock API's demo subscriber (mocks/fixtures.ts: a trial, a forwarded number,
 * 25 calls of both directions with missed and busy ones, three pages), holding the answers to what a
 * first visit to their dashboard asks (the app's own prefetch), given by the mock API in this process.
 * The build renders the dashboard with it for its styles only (src/prerender.tsx).
 */
export async function demoSubscriberStore() {
  const store = createAppStore();
  store.dispatch(tokensRefreshed({ accessToken: DEMO.accessToken }));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    prefetchFirstVisit(store, paths.dashboard);
    const answers = await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
    const failed = answers.find((answer) => 'error' in answer && answer.error);
    if (failed) throw new Error(`the mock API refused the demo's dashboard: ${JSON.stringify(failed)}`);
  } finally {
    server.close();
  }
  return store;
}
