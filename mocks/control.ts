import type { RouteKey } from '../contract/routes';
import { clearRequestLog } from './log';
import { resetMockDb } from './fixtures';

/** An HTTP status to answer with, or 'network' for a failed fetch (no response at all). */
type ForcedStatus = number | 'network';
type Override =
  { kind: 'error'; status: ForcedStatus; body?: unknown; once: boolean } | { kind: 'empty'; once: boolean };

let overrides = new Map<RouteKey, Override[]>();
let latencyMs = 0;

const add = (route: RouteKey, override: Override) =>
  overrides.set(route, [...(overrides.get(route) ?? []), override]);

/** The next call to `route` answers `status` (with `{ error, message }` unless `body` is given); later calls
 * behave normally. Several failNext calls queue up. */
export const failNext = (route: RouteKey, status: ForcedStatus, body?: unknown) =>
  add(route, { kind: 'error', status, body, once: true });

/** Every call to `route` answers `status` until `resetMocks()`. */
export const failAlways = (route: RouteKey, status: ForcedStatus, body?: unknown) =>
  add(route, { kind: 'error', status, body, once: false });

/** Calls to `route` succeed with an empty result (no numbers, no calls, no subscription, no url…). Auth is
 * still checked first. `once` limits it to the next call. */
export const respondEmpty = (route: RouteKey, { once = false } = {}) => add(route, { kind: 'empty', once });

/** The override of `kind` that applies to this call, if it is first in the route's queue; one-shots are
 * consumed. Forced errors are taken before the auth check, empty results after it. */
export function takeOverride<K extends Override['kind']>(route: RouteKey, kind: K) {
  const queue = overrides.get(route);
  const next = queue?.[0];
  if (next?.kind !== kind) return undefined;
  if (next.once) queue!.shift();
  return next as Extract<Override, { kind: K }>;
}

/** Delay every mocked response, to see loading states when clicking through in the browser (dev:mock). Tests
 * hold responses instead (`holdResponses`): a delay of so many ms says nothing on a busy machine. */
export const setLatency = (ms: number) => {
  latencyMs = ms;
};
export const latency = () => latencyMs;

interface Hold {
  route?: RouteKey;
  gate: Promise<void>;
  release: () => void;
}
let holds: Hold[] = [];

/**
 * Responses to `route` (to every route without one) wait until the returned `release` is called, so a test
 * sees a loading state for as long as it looks, however fast or slow the machine is.
 */
export function holdResponses(route?: RouteKey): () => void {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const hold = { route, gate, release };
  holds.push(hold);
  return () => {
    hold.release();
    holds = holds.filter((h) => h !== hold);
  };
}

/** Resolves once no hold applies to `route`. */
export const heldUntilReleased = (route: RouteKey) =>
  Promise.all(holds.filter((h) => !h.route || h.route === route).map((h) => h.gate));

export function releaseHolds() {
  holds.forEach((h) => h.release());
  holds = [];
}

// Requests a handler has taken and not yet answered: a test ends only once this is back to 0.
let inFlight = 0;
export const requestsInFlight = () => inFlight;
export async function tracked<T>(answer: () => Promise<T>): Promise<T> {
  inFlight += 1;
  try {
    return await answer();
  } finally {
    inFlight -= 1;
  }
}

/** Back to a fresh fixture database with no overrides, holds or latency and an empty request log. */
export function resetMocks() {
  overrides = new Map();
  latencyMs = 0;
  releaseHolds();
  clearRequestLog();
  resetMockDb();
}
