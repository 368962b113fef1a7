import { INCLUDED_MINUTES, TRIAL_CALL_MINUTES } from '../../rules/plan';
import { providerRefusal, type Refusals } from './refusal';

/** Subscriptions, the service they give and Stripe's events. */
export const billingRefusals = {
  noSubscription: {
    status: 404,
    code: 'no_subscription',
    message: 'You have no subscription yet. Please start your trial first.',
  },
  notInTrial: { status: 409, code: 'not_in_trial', message: 'Your plan is not in its free trial.' },
  trialMinutesUsed: {
    status: 402,
    code: 'trial_minutes_used',
    message: `Your free trial includes ${TRIAL_CALL_MINUTES} minutes of calls and they are used up. Calls work again once your first payment goes through.`,
  },
  paymentRequired: {
    status: 402,
    code: 'payment_required',
    message:
      'Your card was declined, so your plan has not started. Update your card in billing to place calls.',
  },
  pastDueMinutesUsed: {
    status: 402,
    code: 'past_due_minutes_used',
    message: `Your last payment failed, so calls stop at the ${INCLUDED_MINUTES} minutes your plan includes this month. Update your card in billing to call again.`,
  },
  callsNeedService: {
    status: 402,
    code: 'subscription_required',
    message:
      'Your number is not in service because your subscription is not active. Renew it in billing to place calls.',
  },
  // Stripe's events: 400, which Stripe retries.
  webhookSignatureInvalid: {
    status: 400,
    code: 'invalid_signature',
    message: 'The webhook signature is not valid.',
  },
  extraMinutesBeingCharged: providerRefusal(
    'Your extra minutes are being charged right now. Please try again in a minute.',
  ),
} as const satisfies Refusals;
