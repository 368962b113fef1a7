import { checkStripeSetup } from '../src/providers/billing/stripe/setup';
import { FakeStripe } from './helpers/fake-stripe';

// With BILLING=stripe, main.ts runs this check first and refuses to start with its sentence.

let fake: FakeStripe;
beforeAll(async () => {
  fake = await new FakeStripe().start();
});
afterAll(() => fake.stop());

const price = (fields: object) => ({
  body: {
    id: 'price_x',
    object: 'price',
    active: true,
    currency: 'usd',
    unit_amount: 6000,
    recurring: { interval: 'year', interval_count: 1 },
    ...fields,
  },
});

it('accepts a yearly USD 60.00 price and a portal that updates cards and cancels at period end', async () => {
  await expect(checkStripeSetup(fake.client(), 'price_sandbox_yearly')).resolves.toBeUndefined();
});

it('names the price when Stripe does not know it', async () => {
  await expect(checkStripeSetup(fake.client(), 'price_missing')).rejects.toThrow(
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
  await expect(checkStripeSetup(fake.client(), 'price_x')).rejects.toThrow(
    'STRIPE_PRICE_ID "price_x" must be an active recurring price of USD 60.00 a year',
  );
});

it('refuses to start without a usable customer portal configuration', async () => {
  fake.override('GET', /^\/v1\/billing_portal\/configurations$/, () => ({
    body: { object: 'list', data: [] },
  }));
  await expect(checkStripeSetup(fake.client(), 'price_sandbox_yearly')).rejects.toThrow(/customer portal/);
  const immediate = {
    id: 'bpc',
    active: true,
    features: {
      payment_method_update: { enabled: true },
      subscription_cancel: { enabled: true, mode: 'immediately' },
    },
  };
  fake.override('GET', /^\/v1\/billing_portal\/configurations$/, () => ({
    body: { object: 'list', data: [immediate] },
  }));
  await expect(checkStripeSetup(fake.client(), 'price_sandbox_yearly')).rejects.toThrow(
    /cancel at period end/,
  );
});
