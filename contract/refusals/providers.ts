import { providerRefusal, refusalWith, type Refusals } from './refusal';

/** The payment, telephony and mail providers' failures (502). */
export const providerRefusals = {
  numberNotBought: providerRefusal('Our phone provider could not buy the number. Please try again.'),
  callNotRead: providerRefusal('Our phone provider could not read the call.'),
  phoneProviderFailed: refusalWith(
    502,
    'provider_error',
    (action: string) => `Our phone provider could not ${action}. Please try again.`,
  ),
  paymentProviderFailed: refusalWith(
    502,
    'provider_error',
    (what: string) => `The payment provider could not ${what}. Please try again.`,
  ),
  noCheckoutPage: providerRefusal('The payment provider did not answer a checkout page.'),
  earlierCheckoutNotEnded: providerRefusal(
    'The payment provider could not end an earlier checkout. Please try again.',
  ),
  emailNotSent: providerRefusal('The email could not be sent. Please try again later.'),
} as const satisfies Refusals;
