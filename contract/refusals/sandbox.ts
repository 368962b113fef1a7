import { providerRefusal, type Refusals } from './refusal';

/** The Stripe and Twilio emulators' own routes (never in production). */
export const sandboxRefusals = {
  noBillingAccount: {
    status: 404,
    code: 'no_subscription',
    message: 'You have no billing account yet. Please start your trial first.',
  },
  numberNotOurs: { status: 404, code: 'number_not_found', message: 'No account owns this number.' },
  carrierDown: providerRefusal('The sandbox carrier is not running. Please try again.'),
} as const satisfies Refusals;
