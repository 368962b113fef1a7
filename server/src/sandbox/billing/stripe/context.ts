import type { SbCustomer } from './objects';
import type { SandboxStore } from './store';

// One customer's objects, locked for a change, at the time of that customer's test clock.
export interface CustomerContext {
  store: SandboxStore;
  customer: SbCustomer;
  now: number;
}

export const DAY_SECONDS = 86_400;

export const realNow = () => Math.floor(Date.now() / 1000);

export const clockNow = (customer: Pick<SbCustomer, 'sandbox_clock_offset' | 'sandbox_frozen_time'>) =>
  customer.sandbox_frozen_time ?? realNow() + customer.sandbox_clock_offset;

export function addYear(seconds: number): number {
  const d = new Date(seconds * 1000);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return Math.floor(d.getTime() / 1000);
}

type ErrorType = 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';

// Errors shaped like Stripe's: the HTTP fake answers them as Stripe's JSON errors (`param` names the
// parameter Stripe refused).
export class SandboxStripeError extends Error {
  constructor(
    readonly type: ErrorType,
    message: string,
    readonly statusCode = 400,
    readonly param?: string,
  ) {
    super(message);
  }

  get body() {
    return {
      error: { type: this.type, message: this.message, ...(this.param ? { param: this.param } : {}) },
    };
  }
}

export const noSuch = (what: string, id: string) =>
  new SandboxStripeError('invalid_request_error', `No such ${what}: '${id}'`, 404);
