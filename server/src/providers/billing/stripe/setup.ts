import type { StripeApi } from './api';
import { YEARLY_PRICE_CENTS } from '../../../../../rules/plan';

// At start-up: the price must be our plan and the portal must let customers fix their card and
// cancel at period end, or the server refuses to start with a sentence saying what to fix.
export async function checkStripeSetup(api: StripeApi, priceId: string) {
  let price;
  try {
    price = await api.prices.retrieve(priceId);
  } catch (error) {
    throw new Error(
      `Stripe did not answer STRIPE_PRICE_ID "${priceId}" (${(error as Error).message}): check STRIPE_SECRET_KEY, and set STRIPE_PRICE_ID to the id of the yearly USD 60.00 price.`,
      { cause: error },
    );
  }
  const yearly = price.recurring?.interval === 'year' && price.recurring.interval_count === 1;
  if (!price.active || !yearly || price.currency !== 'usd' || price.unit_amount !== YEARLY_PRICE_CENTS) {
    throw new Error(
      `STRIPE_PRICE_ID "${priceId}" must be an active recurring price of USD 60.00 a year; create one in the Stripe dashboard and set its id.`,
    );
  }
  const { data } = await api.billingPortal.configurations.list({ active: true, limit: 10 });
  const usable = data.some(
    (c) =>
      c.active &&
      c.features.payment_method_update.enabled &&
      c.features.subscription_cancel.enabled &&
      c.features.subscription_cancel.mode === 'at_period_end',
  );
  if (!usable) {
    throw new Error(
      'Stripe has no customer portal configuration that lets customers update their card and cancel at period end: save one in the dashboard (Settings → Billing → Customer portal).',
    );
  }
}
