import { eq } from 'drizzle-orm';
import { advanceAccountClock } from '../../src/sandbox/billing/clock';
import { deliverSandboxEvents } from '../../src/sandbox/billing/deliver';
import { subscriptions, usageMonths } from '../../src/db/schema';
import { monthOf } from '../../src/usage/months';
import { invoiceSummaries, replaceCard } from '../../src/sandbox/billing/stripe/hosted';
import type { TestContext } from '../helpers/app';
import { createTestApp } from '../helpers/app';
import type { TestUser } from '../helpers/auth';
import {
  advanceClock,
  cancelAtPeriodEnd,
  card,
  postForm,
  replaceCard as sandboxReplaceCard,
  sandboxInvoices,
} from '../helpers/billing';
import type { FakeStripe } from '../helpers/fake-stripe';
import { createStripeTestApp } from '../helpers/stripe-app';
import { newUser, type Subscriber } from '../helpers/telephony';

export interface Checkout {
  // What the checkout page offers: a trial, or the year due today.
  trial: boolean;
  dueToday: boolean;
  // The customer enters a card and submits; answers the page's error, if any.
  complete(cardNumber?: string): Promise<{ error?: string }>;
}

/** The same billing behaviour, driven through either provider: the sandbox, or Stripe's SDK against FakeStripe. */
export interface BillingDriver {
  name: string;
  ctx: TestContext;
  // With the Stripe provider: the fake, to read what the SDK sent.
  fake?: FakeStripe;
  openCheckout(user: TestUser): Promise<Checkout>;
  advanceDays(user: Subscriber, days: number): Promise<void>;
  invoices(
    user: Subscriber,
  ): Promise<{ id: string; description: string; amount_cents: number; status: string }[]>;
  // The invoices the provider keeps for a customer, as after its account was deleted.
  customerInvoices(
    customerId: string,
  ): Promise<{ id: string; description: string; amount_cents: number; status: string }[]>;
  cancelAtPeriodEnd(user: Subscriber): Promise<void>;
  replaceCard(user: Subscriber, cardNumber: string): Promise<{ error?: string }>;
  // Lets the provider's events reach the app.
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** A subscriber past its trial, paid for the year, with `minutes` talked this month (UTC). */
export async function payingAccount(d: BillingDriver, minutes: number): Promise<Subscriber> {
  const user = await newUser(d.ctx, { subscribed: false });
  await (await d.openCheckout(user)).complete();
  await d.advanceDays(user, 15);
  await d.ctx.deps.db
    .insert(usageMonths)
    .values({ userId: user.id, month: monthOf(new Date()), seconds: minutes * 60, minutes });
  return user;
}

const json = { 'content-type': 'application/json' };

async function customerOf(ctx: TestContext, user: Subscriber) {
  const [row] = await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
  return { userId: user.id, customerId: row.customerId!, subscriptionId: row.subscriptionId! };
}

export async function sandboxDriver(): Promise<BillingDriver> {
  const ctx = await createTestApp();
  const billing = ctx.deps.billing;
  if (billing.name !== 'sandbox') throw new Error('sandbox expected');
  const settle = async () => void (await deliverSandboxEvents(ctx.deps, billing.sandbox, ctx.app.log));
  return {
    name: 'sandbox',
    ctx,
    async openCheckout(user) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/billing/create-checkout-session',
        headers: { ...user.headers, ...json },
      });
      const path = new URL(res.json().url).pathname;
      const page = (await ctx.app.inject({ method: 'GET', url: path })).body;
      return {
        trial: page.includes('>Start trial</button>'),
        dueToday: page.includes('$60.00 due today'),
        async complete(cardNumber) {
          const submitted = await postForm(ctx.app, path, card(cardNumber));
          if (submitted.statusCode === 303) return {};
          return {
            error: /role="alert" id="card-error">([^<]*)</.exec(submitted.body)?.[1] ?? submitted.body,
          };
        },
      };
    },
    advanceDays: async (user, days) => void (await advanceClock(ctx.app, user, days)),
    invoices: (user) => sandboxInvoices(ctx.app, user),
    customerInvoices: (customerId) => invoiceSummaries(billing.sandbox, customerId),
    cancelAtPeriodEnd: (user) => cancelAtPeriodEnd(ctx.app, user),
    replaceCard: (user, cardNumber) => sandboxReplaceCard(ctx.app, user, cardNumber),
    settle,
    close: () => ctx.close(),
  };
}

export async function stripeDriver(): Promise<BillingDriver> {
  const ctx = await createStripeTestApp();
  const { fake } = ctx;
  const settle = async () => void (await fake.deliver(ctx));
  return {
    name: 'stripe',
    ctx,
    fake,
    async openCheckout(user) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/billing/create-checkout-session',
        headers: { ...user.headers, ...json },
      });
      const session = fake.calls('POST', /^\/v1\/checkout\/sessions$/).at(-1)!.body as {
        subscription_data: { trial_period_days?: number };
        custom_text?: { submit?: { message?: string } };
      };
      return {
        trial: session.subscription_data.trial_period_days === 14,
        dueToday: Boolean(session.custom_text?.submit?.message?.includes('$60.00 is due today')),
        async complete(cardNumber) {
          const result = await fake.completeCheckout(res.json().url, card(cardNumber));
          await settle();
          return 'error' in result ? { error: result.error } : {};
        },
      };
    },
    async advanceDays(user, days) {
      await advanceAccountClock(ctx.deps, fake.sandbox, await customerOf(ctx, user), days, settle);
    },
    invoices: async (user) => invoiceSummaries(fake.sandbox, (await customerOf(ctx, user)).customerId),
    customerInvoices: (customerId) => invoiceSummaries(fake.sandbox, customerId),
    async cancelAtPeriodEnd(user) {
      await fake.sandbox.subscriptions.update((await customerOf(ctx, user)).subscriptionId, {
        cancel_at_period_end: true,
      });
      await settle();
    },
    async replaceCard(user, cardNumber) {
      const result = await replaceCard(
        fake.sandbox,
        (await customerOf(ctx, user)).customerId,
        card(cardNumber),
      );
      await settle();
      return 'error' in result ? { error: result.error } : {};
    },
    settle,
    close: () => ctx.close(),
  };
}
