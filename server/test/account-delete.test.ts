import { eq } from 'drizzle-orm';
import { sandboxStripeObjects, subscriptions, trials, users } from '../src/db/schema';
import { freshTestCard } from '../src/sandbox/billing/stripe/cards';
import { handleBillingEvent } from '../src/billing/events/handle-event';
import type { SandboxBillingProvider } from '../src/providers/billing/provider';
import { deliverSandboxEvents } from '../src/sandbox/billing/deliver';
import { createTestApp, type TestContext } from './helpers/app';
import { tracesOf } from './helpers/account-traces';
import { signUpAndLogin, type TestUser } from './helpers/auth';
import { startTrial } from './helpers/billing';
import { waitForMail } from './helpers/outbox';
import { snapshot } from './helpers/routes';
import { giveNumber } from './helpers/telephony';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const CALLER = '+12125550182';
let accounts = 0;
// The sandbox's own tables: in sandbox mode they are the payment processor's records.
const PAYMENT_PROCESSOR = ['sandbox_stripe_objects', 'sandbox_stripe_events', 'sandbox_stripe_requests'];

const deleteAccount = (user: TestUser, password: string) =>
  ctx.app.inject({ method: 'DELETE', url: '/api/account', headers: user.headers, payload: { password } });

/** A subscriber with everything an account can have: trial, number, calls, usage, mail, two sessions. */
async function fullAccount() {
  accounts += 1;
  const business = `+1212555019${accounts}`;
  const forwarding = `+1312555019${accounts}`;
  const user = await signUpAndLogin(ctx.app, { name: `Dana Deleteme ${accounts}` });
  await startTrial(ctx.app, user);
  await giveNumber(ctx, user, business, forwarding);
  const call = await ctx.app.inject({
    method: 'POST',
    url: '/api/sandbox/inbound-call',
    payload: { to: business, from: CALLER, duration: 125 },
  });
  expect(call.statusCode).toBeLessThan(300);
  await ctx.app.inject({
    method: 'PUT',
    url: '/api/billing/usage-emails',
    headers: user.headers,
    payload: { enabled: false },
  });
  await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/request-reset-password',
    payload: { email: user.email },
  });
  await waitForMail(ctx.deps.config.dataDir, user.email);
  const other = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  const [row] = await ctx.deps.db
    .select({ subscription: subscriptions })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(eq(users.email, user.email));
  return {
    user,
    business,
    forwarding,
    otherSession: other.json<{ access_token: string }>(),
    subscription: row.subscription,
  };
}

it('refuses a wrong password and changes nothing', async () => {
  const { user } = await fullAccount();
  const before = await snapshot(ctx.deps.db);
  const res = await deleteAccount(user, 'not my password');
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ error: 'wrong_password', message: expect.any(String) });
  expect(await snapshot(ctx.deps.db)).toEqual(before);
});

it("counts wrong passwords against the account's sign-in: after 5 it backs off, sign-in too", async () => {
  const user = await signUpAndLogin(ctx.app);
  for (let i = 0; i < 5; i++) expect((await deleteAccount(user, 'a guess')).statusCode).toBe(403);
  const refused = await deleteAccount(user, user.password);
  expect(refused.statusCode).toBe(429);
  expect(refused.headers['retry-after']).toBe('1');
  expect(refused.json()).toEqual({
    error: 'too_many_requests',
    message: 'Too many wrong passwords. Please try again in 1 second.',
  });
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  expect(login.statusCode).toBe(429);
});

it('cancels, gives the number back, ends every session and leaves nothing but what the policy names', async () => {
  const { user, business, forwarding, otherSession, subscription } = await fullAccount();
  const userId = subscription.userId;
  const res = await deleteAccount(user, user.password);
  expect(res.statusCode).toBe(204);

  // Every session ends at once.
  for (const token of [user.access_token, otherSession.access_token]) {
    const phone = await ctx.app.inject({
      method: 'GET',
      url: '/api/dashboard/phone-number',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(phone.statusCode).toBe(401);
  }
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  expect(login.statusCode).toBe(401);

  // At the providers: the subscription is cancelled and the number given back.
  expect((await ctx.deps.billing.retrieveSubscription(subscription.subscriptionId!)).status).toBe('canceled');
  expect((await ctx.deps.telephony.listNumbers()).map((n) => n.phoneNumber)).not.toContain(business);

  // Our tables hold nothing of the person. The sandbox's tables play Stripe's part, which keeps the
  // billing records (subscription, invoices and their events, by customer id) as tax law requires;
  // the customer record (name, email) and cards are gone there too (public/content/privacy.md).
  const traces = await tracesOf(ctx.deps.db, [
    userId,
    user.email,
    user.name,
    business,
    forwarding,
    subscription.customerId!,
  ]);
  expect(Object.keys(traces).filter((table) => !PAYMENT_PROCESSOR.includes(table))).toEqual([]);
  expect(await tracesOf(ctx.deps.db, [user.email, user.name, business, forwarding])).toEqual({});
  const kept = await ctx.deps.db
    .select({ type: sandboxStripeObjects.type })
    .from(sandboxStripeObjects)
    .where(eq(sandboxStripeObjects.customer, subscription.customerId!));
  expect(new Set(kept.map((o) => o.type))).toEqual(new Set(['subscription', 'invoice']));
});

it('ignores billing events that arrive for a deleted account', async () => {
  const { user, subscription } = await fullAccount();
  expect((await deleteAccount(user, user.password)).statusCode).toBe(204);
  const { sandbox } = ctx.deps.billing as SandboxBillingProvider;
  // The cancellation's own events, then one more, late, for the subscription of the deleted account.
  await deliverSandboxEvents(ctx.deps, sandbox, ctx.app.log);
  expect(await sandbox.store.undelivered()).toEqual([]);
  const late = {
    id: 'evt_late_after_deletion',
    type: 'customer.subscription.updated',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: subscription.subscriptionId! } },
  };
  await expect(handleBillingEvent(ctx.deps, late)).resolves.toEqual({ duplicate: false });
  const traces = await tracesOf(ctx.deps.db, [subscription.userId, user.email]);
  expect(Object.keys(traces).filter((table) => !PAYMENT_PROCESSOR.includes(table))).toEqual([]);
});

it('keeps the fingerprint of the card that had a free trial, so a new account on that card pays at once', async () => {
  const { sandbox } = ctx.deps.billing as SandboxBillingProvider;
  const cardNumber = freshTestCard();
  const first = await signUpAndLogin(ctx.app, { name: 'Tess Trialist' });
  await startTrial(ctx.app, first, cardNumber);
  await deliverSandboxEvents(ctx.deps, sandbox, ctx.app.log);
  const firstId = (await ctx.deps.db.select().from(users).where(eq(users.email, first.email)))[0].id;
  expect((await deleteAccount(first, first.password)).statusCode).toBe(204);
  await deliverSandboxEvents(ctx.deps, sandbox, ctx.app.log);

  const kept = await ctx.deps.db.select().from(trials);
  expect(kept.filter((trial) => trial.userId === firstId)).toEqual([]);
  expect(kept.filter((trial) => trial.userId === null && trial.cardFingerprint)).not.toEqual([]);

  const second = await signUpAndLogin(ctx.app, { name: 'Tess Trialist' });
  await startTrial(ctx.app, second, cardNumber);
  await deliverSandboxEvents(ctx.deps, sandbox, ctx.app.log);
  const status = await ctx.app.inject({
    method: 'GET',
    url: '/api/billing/subscription-status',
    headers: second.headers,
  });
  expect(status.json().subscription.status).toBe('active');
});
