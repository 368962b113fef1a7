import { act } from '@testing-library/react';

// Captured before any test fakes the timers: waiting on these never moves a fake clock.
const realSetTimeout = globalThis.setTimeout;
const POLL_MS = 10;

/**
 * Fakes the timers and the date so that time moves only by jest.advanceTimersByTime: unlike
 * `advanceTimers: true`, no real time passes on the app's clock, however slow the machine.
 * Requests, promises and React keep running. A user driving the page needs
 * `userEvent.setup({ advanceTimers: jest.advanceTimersByTime })` (its zero-delay waits then fire).
 */
export function stopClock() {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate', 'clearImmediate'] });
}

/**
 * Waits in real time, the fake clock standing still, until `expectation` passes (RTL's waitFor would
 * move a fake clock on while it polls). Bounded like waitFor.
 */
export async function whileClockStands(expectation: () => void) {
  for (let waited = 0; ; waited += POLL_MS) {
    try {
      expectation();
      return;
    } catch (error) {
      if (waited >= WAIT_FOR_TIMEOUT_MS) throw error;
    }
    await act(() => new Promise((resolve) => realSetTimeout(resolve, POLL_MS)));
  }
}
