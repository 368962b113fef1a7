// Moves only the wall clock (Date) forward; timers, ticks and the event loop keep running for real,
// so the app, the database and the HTTP layer behave as usual. Undo with jest.useRealTimers().
const keepReal = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

export function moveDateForward(ms: number) {
  jest.useFakeTimers({ doNotFake: [...keepReal], now: Date.now() + ms });
}

/** Sets the wall clock (Date) to `at`, where it stands until set again; timers keep running for real. */
export function setWallClock(at: string) {
  jest.useFakeTimers({ doNotFake: [...keepReal], now: new Date(at) });
}

/** Fakes only the intervals (a heartbeat's period, moved with jest.advanceTimersByTime); the wall
 * clock and every other timer stay real. Undo with jest.useRealTimers(). */
export function fakeIntervalsOnly() {
  const intervals = ['setInterval', 'clearInterval'];
  jest.useFakeTimers({ doNotFake: [...keepReal.filter((name) => !intervals.includes(name)), 'Date'] });
}

/** Fakes only the timers (setTimeout, setInterval: moved with jest.advanceTimersByTimeAsync); the wall
 * clock, ticks and sockets stay real. Undo with jest.useRealTimers(). */
export function fakeTimersOnly() {
  const timers = ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'];
  jest.useFakeTimers({ doNotFake: [...keepReal.filter((name) => !timers.includes(name)), 'Date'] });
}
