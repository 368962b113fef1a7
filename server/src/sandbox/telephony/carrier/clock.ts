// When the sandbox carrier's next step happens. Real time for `npm start`; tests pass a clock they
// advance themselves, so they never sleep.
export interface CarrierClock {
  // Runs `step` after `ms` (a failing step is the caller's to report).
  after(ms: number, step: () => Promise<void>): void;
  // Drops every step not yet run.
  cancelAll(): void;
}

export function realClock(): CarrierClock {
  const timers = new Set<NodeJS.Timeout>();
  return {
    after(ms, step) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void step();
      }, ms);
      timers.add(timer);
    },
    cancelAll() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
