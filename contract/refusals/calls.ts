import { refusalWith, type Refusals } from './refusal';

/** Placing calls, reading them and the phone provider's callbacks about them. */
export const callRefusals = {
  notFound: { status: 404, code: 'call_not_found', message: 'This call is not one of your calls.' },
  forwardingNotSet: {
    status: 409,
    code: 'forwarding_not_set',
    message: 'Please set a forwarding number before placing calls.',
  },
  forwardingMismatch: {
    status: 400,
    code: 'bad_request',
    message: 'The forwarding number does not match the one on your account.',
  },
  ownNumber: { status: 400, code: 'bad_request', message: 'You cannot call your own business number.' },
  trialMinutesInUse: {
    status: 409,
    code: 'trial_minutes_in_use',
    message:
      "The rest of your free trial's minutes are in use by calls under way. Please try again when they end.",
  },
  inProgress: {
    status: 409,
    code: 'call_in_progress',
    message: 'You already have a call in progress. Please wait for it to end before placing another.',
  },
  trialAttemptsUsed: refusalWith(
    429,
    'trial_call_attempts_used',
    (perDay: number) =>
      `During the free trial you can place ${perDay} calls a day that nobody answers. Please try again tomorrow.`,
  ),
  startAfterEnd: {
    status: 400,
    code: 'bad_request',
    message: 'The start date must not be after the end date.',
  },
  callbackWithoutCall: {
    status: 400,
    code: 'bad_request',
    message: 'The callback does not say which call it is about.',
  },
  firstLegHasNoDial: { status: 400, code: 'bad_request', message: 'The first leg has no <Dial>.' },
  // Twilio's callbacks: 403, which Twilio does not retry.
  webhookSignatureInvalid: {
    status: 403,
    code: 'invalid_signature',
    message: 'The webhook signature is not valid.',
  },
} as const satisfies Refusals;
