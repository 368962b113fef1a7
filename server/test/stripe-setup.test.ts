import { BillingSetupError as StripeSetupError } from '../src/providers/billing/provider';
import { checkStripeSetup, isUnavailable, type SetupChecks } from '../src/providers/billing/stripe/setup';
import { checkBillingSetup } from '../src/billing/setup-check';
import { stripeBilling } from '../src/providers/billing/stripe/billing';
import { SANDBOX_PORTAL_CONFIGURATION } from '../src/sandbox/billing/stripe/objects';
import { FakeStripe } from './helpers/fake-stripe';

// With BILLING=stripe, main.ts runs this check first and refuses to start with its sentence
// (billing/setup-check.ts); a Stripe that does not answer only delays it.

let fake: FakeStripe;
beforeAll(async () => {
  fake = await new FakeStripe().start();
});
afterAll(() => fake.stop());

const checks: SetupChecks = {
  priceId: 'price_sandbox_yearly',
  production: false,
  liveKey: false,
  webhookUrl: 'http://localhost:3000/api/billing/webhook',
};
const check = (more: Partial<SetupChecks> = {}) => checkStripeSetup(fake.client(), { ...checks, ...more });

const price = (fields: object) => ({
  body: {
    id: 'price_x',
    object: 'price',
    active: true,
    livemode: false,
    currency: 'usd',
    unit_amount: 6000,
    recurring: { interval: 'year', interval_count: 1 },
    ...fields,
  },
});
// The sandbox's usable configuration, with some features or fields changed.
const portal = (features: object, more: object = {}) => ({
  ...SANDBOX_PORTAL_CONFIGURATION,
  id: 'bpc_x',
  features: { ...SANDBOX_PORTAL_CONFIGURATION.features, ...features },
  ...more,
});
const portals = (...data: object[]) =>
  fake.override('GET', /^\/v1\/billing_portal\/configurations$/, () => ({ body: { object: 'list', data } }));

it('accepts a yearly USD 60.00 price, a usable portal and a webhook endpoint sending our events; answers the portal it checked', async () => {
  await expect(check()).resolves.toBe('bpc_sandbox');
});

it('names the price when Stripe does not know it', async () => {
  await expect(check({ priceId: 'price_missing' })).rejects.toThrow(
    /Stripe did not answer STRIPE_PRICE_ID "price_missing" \(No such price: 'price_missing'\).*yearly USD 60\.00 price/,
  );
});

it.each([
  ['monthly', { recurring: { interval: 'month', interval_count: 1 } }],
  ['$5', { unit_amount: 500 }],
  ['in euros', { currency: 'eur' }],
  ['one-off', { recurring: null }],
  ['archived', { active: false }],
])('refuses a %s price', async (_name, fields) => {
  fake.override('GET', /^\/v1\/prices\//, () => price(fields));
  await expect(check({ priceId: 'price_x' })).rejects.toThrow(
    'STRIPE_PRICE_ID "price_x" must be an active recurring price of USD 60.00 a year',
  );
});

it('refuses test mode in production: a test key, or a test-mode price', async () => {
  await expect(check({ production: true })).rejects.toThrow(/STRIPE_SECRET_KEY is a test-mode key/);
  await expect(check({ production: true, liveKey: true })).rejects.toThrow(/is a test-mode price/);
  fake.override('GET', /^\/v1\/prices\//, () => price({ livemode: true }));
  portals(portal({}, { livemode: true }));
  await expect(check({ production: true, liveKey: true, priceId: 'price_x' })).resolves.toBe('bpc_x');
});

it('refuses a portal that cancels at once or lets customers switch plans, and picks a usable one over the default', async () => {
  portals();
  await expect(check()).rejects.toThrow(/customer portal/);
  portals(
    portal({ subscription_cancel: { enabled: true, mode: 'immediately', proration_behavior: 'none' } }),
  );
  await expect(check()).rejects.toThrow(/cancel at period end/);
  portals(portal({ subscription_update: { enabled: true } }));
  await expect(check()).rejects.toThrow(/without switching plans/);
  portals(
    portal({ subscription_update: { enabled: true } }),
    portal({}, { id: 'bpc_ours', is_default: false }),
  );
  await expect(check()).resolves.toBe('bpc_ours');
});

it('refuses when no enabled webhook endpoint for APP_URL sends the events we act on', async () => {
  const endpoints = fake.webhookEndpoints;
  try {
    fake.webhookEndpoints = [{ ...endpoints[0], url: 'https://staging.example/api/billing/webhook' }];
    await expect(check()).rejects.toThrow(
      /no enabled webhook endpoint for http:\/\/localhost:3000\/api\/billing\/webhook/,
    );
    fake.webhookEndpoints = [{ ...endpoints[0], status: 'disabled' }];
    await expect(check()).rejects.toThrow(/no enabled webhook endpoint/);
    fake.webhookEndpoints = [
      { ...endpoints[0], enabled_events: ['checkout.session.completed', 'invoice.paid'] },
    ];
    await expect(check()).rejects.toThrow(
      /does not send customer\.subscription\.created, .*invoice\.marked_uncollectible/,
    );
    fake.webhookEndpoints = [{ ...endpoints[0], enabled_events: ['*'] }];
    await expect(check()).resolves.toBe('bpc_sandbox');
  } finally {
    fake.webhookEndpoints = endpoints;
  }
});

it('tells a Stripe that does not answer apart from a set-up that is wrong', async () => {
  fake.failNext('GET', /^\/v1\/prices\//, 503);
  const outage = await check().catch((error: unknown) => error);
  expect(outage).not.toBeInstanceOf(StripeSetupError);
  expect(isUnavailable(outage)).toBe(true);
  const wrong = await check({ priceId: 'price_missing' }).catch((error: unknown) => error);
  expect(wrong).toBeInstanceOf(StripeSetupError);
});

describe('at start-up', () => {
  const log = () => ({ info: jest.fn(), warn: jest.fn(), error: jest.fn() });
  const provider = (checks: Partial<SetupChecks> = {}) =>
    stripeBilling(fake.client(), {
      ...checks,
      priceId: 'price_sandbox_yearly',
      production: false,
      liveKey: false,
      webhookSecret: 'whsec_x',
      appUrl: 'http://localhost:3000',
      ...checks,
    });

  it('refuses to start on a wrong set-up', async () => {
    await expect(checkBillingSetup(provider({ priceId: 'price_missing' }), log())).rejects.toBeInstanceOf(
      StripeSetupError,
    );
  });

  it('starts while Stripe does not answer, and checks again until it does', async () => {
    const outage = fake.outage('GET', /^\/v1\/prices\//);
    const logged = log();
    const check = await checkBillingSetup(provider(), logged, 20);
    expect(logged.warn).toHaveBeenCalledWith(
      expect.anything(),
      expect.stringMatching(/did not answer the set-up check/),
    );
    outage();
    await waitFor(() => logged.info.mock.calls.length > 0);
    expect(logged.info).toHaveBeenCalledWith({}, 'the payment provider set-up is checked');
    check.stop();
  });
});

async function waitFor(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}
