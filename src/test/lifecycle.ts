import { cleanup } from '@testing-library/react';
import { releaseHolds, requestsInFlight } from '@mocks/control';
import { api } from '@/store/api/base';
import { makeStore } from '@/store/store';

// Every test ends with no request in flight and no store alive, so nothing of one test (a late response, a
// storage write, a refetch timer) can meet the next test's mock database, tokens or spies.

const live = new Set<ReturnType<typeof makeStore>>();

/** A store for one test, ended with it. */
export function testStore() {
  const made = makeStore();
  live.add(made);
  return made;
}

const runningRequests = () =>
  [...live].flatMap(({ store }) => [
    ...store.dispatch(api.util.getRunningQueriesThunk()),
    ...store.dispatch(api.util.getRunningMutationsThunk()),
  ]);

// A real task even while a test drives a fake clock (stoppedClock.ts): waiting must not move it.
const realSetTimeout = globalThis.setTimeout;
const nextTask = () => new Promise((resolve) => realSetTimeout(resolve, 0));

// A flow can chain requests (register, log in, check out): each pass waits for what runs, then one task for
// the next link to start. Far more passes than any flow has links means something keeps starting requests.
const MAX_PASSES = 200;

/** Resolves once no request of this test's stores runs and the mocks are answering none. */
export async function settledRequests() {
  let quietPasses = 0;
  for (let pass = 0; quietPasses < 2; pass += 1) {
    if (pass === MAX_PASSES) throw new Error('Requests kept starting after the test had ended.');
    const running = runningRequests();
    await Promise.allSettled(running);
    await nextTask();
    quietPasses = running.length === 0 && requestsInFlight() === 0 ? quietPasses + 1 : 0;
  }
}

/** Unmounts, lets every request finish (held ones released), then ends the test's stores. */
export async function endTest() {
  cleanup();
  jest.useRealTimers();
  releaseHolds();
  await settledRequests();
  await Promise.all([...live].map(({ dispose }) => dispose()));
  live.clear();
}
