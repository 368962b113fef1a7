import type { CarrierClock } from '../../src/sandbox/telephony/carrier/clock';

/** The sandbox carrier's clock, moved by the test: `next()` runs the next step and waits for it. */
export class ManualClock implements CarrierClock {
  private steps: (() => Promise<void>)[] = [];

  after(_ms: number, step: () => Promise<void>) {
    this.steps.push(step);
  }

  cancelAll() {
    this.steps = [];
  }

  get pending() {
    return this.steps.length;
  }

  /** Runs the step due next (which may schedule the one after it). */
  async next() {
    const step = this.steps.shift();
    if (!step) throw new Error('the sandbox carrier has no step scheduled');
    await step();
  }

  /** Runs steps until none is left. */
  async finish() {
    while (this.steps.length) await this.next();
  }
}
