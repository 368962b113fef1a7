import type { PortalConfigurationView, StripeApi } from './api';
import { BILLING_EVENT_TYPES, BillingSetupError as StripeSetupError } from '../provider';
import { YEARLY_PRICE_CENTS } from '../../../../../rules/plan';

export interface SetupChecks {
  priceId: string;
  // Production takes live-mode objects only (a test-mode key or price there sells nothing).
  production: boolean;
  liveKey: boolean;
  // The endpoint Stripe must send our events to; absent for the sandbox, which delivers in process.
  webhookUrl?: string;
}

// Stripe did not answer (a connection error, a 5xx, rate limiting): not a verdict on the set-up.
export const isUnavailable = (error: unknown) => {
  const status = (error as { statusCode?: number }).statusCode;
  return status === undefined || status === 429 || status >= 500;
};

/**
 * At start-up: the key, the price, the customer portal and the webhook endpoint must be what the
 * product relies on (docs/billing.md, "Stripe: what to set up"), or a StripeSetupError says what to
 * fix. Answers the portal configuration that passed, which every portal session then uses (without
 * one, Stripe uses the account's default configuration, whatever it allows).
 */
export async function checkStripeSetup(api: StripeApi, checks: SetupChecks): Promise<string> {
  if (checks.production && !checks.liveKey) {
    throw new StripeSetupError(
      'STRIPE_SECRET_KEY is a test-mode key: production takes a live-mode key (sk_live_… or rk_live_…).',
    );
  }
  await checkPrice(api, checks);
  const configuration = await usablePortalConfiguration(api);
  if (checks.webhookUrl) await checkWebhookEndpoint(api, checks.webhookUrl);
  return configuration;
}

async function checkPrice(api: StripeApi, { priceId, production }: SetupChecks) {
  let price;
  try {
    price = await api.prices.retrieve(priceId);
  } catch (error) {
    if (isUnavailable(error)) throw error;
    throw new StripeSetupError(
      `Stripe did not answer STRIPE_PRICE_ID "${priceId}" (${(error as Error).message}): check STRIPE_SECRET_KEY, and set STRIPE_PRICE_ID to the id of the yearly USD 60.00 price.`,
      { cause: error },
    );
  }
  const yearly = price.recurring?.interval === 'year' && price.recurring.interval_count === 1;
  if (!price.active || !yearly || price.currency !== 'usd' || price.unit_amount !== YEARLY_PRICE_CENTS) {
    throw new StripeSetupError(
      `STRIPE_PRICE_ID "${priceId}" must be an active recurring price of USD 60.00 a year; create one in the Stripe dashboard and set its id.`,
    );
  }
  if (production && !price.livemode) {
    throw new StripeSetupError(
      `STRIPE_PRICE_ID "${priceId}" is a test-mode price: production sells the live-mode price.`,
    );
  }
}

// Customers fix their card and cancel at the end of the period they paid for, and cannot switch
// plans (there is one); the account's default configuration first.
const usable = (c: PortalConfigurationView) =>
  c.active &&
  c.features.payment_method_update.enabled &&
  c.features.subscription_cancel.enabled &&
  c.features.subscription_cancel.mode === 'at_period_end' &&
  !c.features.subscription_update.enabled;

export async function usablePortalConfiguration(api: StripeApi): Promise<string> {
  const { data } = await api.billingPortal.configurations.list({ active: true, limit: 100 });
  const chosen = data.filter(usable).sort((a, b) => Number(b.is_default) - Number(a.is_default))[0];
  if (!chosen) {
    throw new StripeSetupError(
      'Stripe has no customer portal configuration that lets customers update their card and cancel at period end without switching plans: save one in the dashboard (Settings → Billing → Customer portal).',
    );
  }
  return chosen.id;
}

async function checkWebhookEndpoint(api: StripeApi, url: string) {
  const { data } = await api.webhookEndpoints.list({ limit: 100 });
  const endpoint = data.find((e) => e.url === url && e.status === 'enabled');
  if (!endpoint) {
    throw new StripeSetupError(
      `Stripe has no enabled webhook endpoint for ${url}: add one in the dashboard (Developers → Webhooks) with the events in docs/billing.md, and set its signing secret as STRIPE_WEBHOOK_SECRET.`,
    );
  }
  const all = endpoint.enabled_events.includes('*');
  const missing = BILLING_EVENT_TYPES.filter((type) => !all && !endpoint.enabled_events.includes(type));
  if (missing.length) {
    throw new StripeSetupError(
      `Stripe's webhook endpoint for ${url} does not send ${missing.join(', ')}: add them to the endpoint in the dashboard.`,
    );
  }
}
