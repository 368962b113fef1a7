import { stripeBilling } from '../../src/providers/billing/stripe/billing';
import { SANDBOX_PRICE } from '../../src/sandbox/billing/stripe/objects';
import { createTestApp } from './app';
import { signUpAndLogin } from './auth';
import { FakeStripe } from './fake-stripe';

const WEBHOOK_SECRET = 'whsec_test_secret';
// The fake knows one price: the yearly $60 plan.
const PRICE_ID = SANDBOX_PRICE.id;

// An app whose billing is the real Stripe provider and SDK, talking to FakeStripe on 127.0.0.1.
export async function createStripeTestApp() {
  const fake = await new FakeStripe(WEBHOOK_SECRET).start();
  const ctx = await createTestApp({
    env: {
      BILLING: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_ID: PRICE_ID,
    },
    deps: (config) => ({
      billing: stripeBilling(fake.client(), {
        priceId: PRICE_ID,
        webhookSecret: WEBHOOK_SECRET,
        appUrl: config.appUrl,
        production: false,
        liveKey: false,
      }),
    }),
  });
  return {
    ...ctx,
    fake,
    close: async () => {
      await ctx.close();
      await fake.stop();
    },
  };
}

export type StripeTestApp = Awaited<ReturnType<typeof createStripeTestApp>>;

// A new user who opened a checkout: the Stripe customer and our user id come from the Checkout
// Session the provider created.
export async function checkedOutCustomer(ctx: StripeTestApp) {
  const user = await signUpAndLogin(ctx.app);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/billing/create-checkout-session',
    headers: user.headers,
  });
  const session = ctx.fake.calls('POST', /^\/v1\/checkout\/sessions$/).at(-1)!.body;
  return {
    user,
    url: res.json<{ url: string }>().url,
    customer: session.customer as string,
    userId: session.client_reference_id as string,
  };
}
