import { stripeBilling } from '../../src/providers/stripe-billing';
import { createTestApp } from './app';
import { signUpAndLogin } from './auth';
import { FakeStripe, stripeSubscription } from './fake-stripe';

export const WEBHOOK_SECRET = 'whsec_test_secret';

// An app whose billing is the real Stripe provider, talking to a FakeStripe that knows
// customers, checkout and portal sessions, subscriptions (in `subscriptions`) and invoices.
export async function createStripeTestApp() {
  const fake = await new FakeStripe().start();
  const subscriptions = new Map<string, ReturnType<typeof stripeSubscription>>();
  let customers = 0;
  fake.on('POST', /^\/v1\/customers$/, () => ({ id: `cus_${++customers}`, object: 'customer' }));
  fake.on('POST', /^\/v1\/checkout\/sessions$/, () => ({
    id: 'cs_test_1',
    object: 'checkout.session',
    url: 'https://checkout.stripe.test/c/pay/cs_test_1',
  }));
  fake.on('POST', /^\/v1\/billing_portal\/sessions$/, () => ({
    id: 'bps_1',
    object: 'billing_portal.session',
    url: 'https://billing.stripe.test/p/session/bps_1',
  }));
  fake.on('GET', /^\/v1\/subscriptions\/sub_/, (req) => subscriptions.get(req.path.split('/').pop()!));
  fake.on('GET', /^\/v1\/subscriptions$/, (req) => ({
    object: 'list',
    has_more: false,
    data: [...subscriptions.values()].filter((s) => s.customer === req.body.customer),
  }));
  fake.on('POST', /^\/v1\/invoiceitems$/, () => ({ id: 'ii_1', object: 'invoiceitem' }));
  fake.on('POST', /^\/v1\/invoices$/, () => ({ id: 'in_1', object: 'invoice', status: 'draft' }));
  fake.on('POST', /^\/v1\/invoices\/in_1\/finalize$/, () => ({
    id: 'in_1',
    object: 'invoice',
    status: 'open',
  }));

  const ctx = await createTestApp({
    env: {
      BILLING: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_ID: 'price_yearly',
    },
    deps: (config) => ({
      billing: stripeBilling(fake.client(), {
        priceId: 'price_yearly',
        webhookSecret: WEBHOOK_SECRET,
        appUrl: config.appUrl,
      }),
    }),
  });
  return {
    ...ctx,
    fake,
    subscriptions,
    close: async () => {
      await ctx.close();
      await fake.stop();
    },
  };
}

export type StripeTestApp = Awaited<ReturnType<typeof createStripeTestApp>>;

// A new user who went through checkout: the Stripe customer and our user id come from the
// Checkout Session the provider created.
export async function checkedOutCustomer(ctx: StripeTestApp) {
  const user = await signUpAndLogin(ctx.app);
  await ctx.app.inject({
    method: 'POST',
    url: '/api/billing/create-checkout-session',
    headers: user.headers,
  });
  const session = ctx.fake.calls('POST', /^\/v1\/checkout\/sessions$/).at(-1)!.body;
  return { user, customer: session.customer as string, userId: session.client_reference_id as string };
}

// A webhook delivery signed as Stripe signs it.
export function signedEvent(
  fake: FakeStripe,
  id: string,
  type: string,
  object: object,
  secret = WEBHOOK_SECRET,
) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: null,
    data: { object },
  });
  const signature = fake.client().webhooks.generateTestHeaderString({ payload, secret });
  return {
    method: 'POST' as const,
    url: '/api/billing/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  };
}
