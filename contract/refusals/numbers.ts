import { providerRefusal, type Refusals } from './refusal';

/** The business number: buying it and pointing it at the user's phone. */
export const numberRefusals = {
  notFound: { status: 404, code: 'number_not_found', message: 'This number is not one of your numbers.' },
  needsSubscription: {
    status: 403,
    code: 'subscription_required',
    message: 'An active subscription is required. Please start your trial or renew your plan.',
  },
  forwardingToItself: {
    status: 400,
    code: 'bad_request',
    message: 'Calls cannot be forwarded to the business number itself.',
  },
  unavailable: {
    status: 409,
    code: 'number_unavailable',
    message: 'This number has just been taken. Please choose another one.',
  },
  purchaseInProgress: {
    status: 409,
    code: 'purchase_in_progress',
    message: 'Your number is still being set up. Please try again in a moment.',
  },
  exists: { status: 409, code: 'number_exists', message: 'Your account already has a business number.' },
  setupFailed: providerRefusal('We could not set up your number. Please try again.'),
} as const satisfies Refusals;
