import { eq, sql } from 'drizzle-orm';
import { phoneNumbers, subscriptions } from '../src/db/schema';
import { endSandboxPeriods } from '../src/jobs/end-sandbox-periods';
import { findJob } from '../src/jobs/schedule';
import { createTestApp, type TestContext } from './helpers/app';
import { startTrial } from './helpers/billing';
import { giveNumber, newUser, type Subscriber } from './helpers/telephony';

// The hourly job on the embedded sandbox: periods end as Stripe would end them, then the
// numbers of ended subscriptions are released.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const endSubscriptions = () => findJob('end-subscriptions')!.run(ctx.deps);
const status = async (user: Subscriber) =>
  (
    await ctx.app.inject({ method: 'GET', url: '/api/billing/subscription-status', headers: user.headers })
  ).json();
const releasedAt = async (user: Subscriber) =>
  (await ctx.deps.db.select().from(phoneNumbers).where(eq(phoneNumbers.userId, user.id)))[0].releasedAt;
// Time passes: the period ended `ago` (a Postgres interval).
const endPeriod = (user: Subscriber, ago: string) =>
  ctx.deps.db
    .update(subscriptions)
    .set({ currentPeriodEnd: sql`now() - ${ago}::interval` })
    .where(eq(subscriptions.userId, user.id));

// A sandbox trial started through checkout, with a number bought through the API.
async function trialWithNumber(number: string) {
  const user = await newUser(ctx, { subscribed: false });
  await startTrial(ctx.app, user);
  await giveNumber(ctx, user, number);
  return user;
}

async function cancelAtPeriodEnd(user: Subscriber) {
  const portal = await ctx.app.inject({
    method: 'POST',
    url: '/api/billing/create-portal-session',
    headers: user.headers,
  });
  const cancelled = await ctx.app.inject({
    method: 'POST',
    url: `${new URL(portal.json().url).pathname}/cancel`,
  });
  expect(cancelled.statusCode).toBe(303);
}

describe('the end of a sandbox period', () => {
  it('turns a trial nobody cancelled into a paid year, and keeps its number', async () => {
    const alice = await trialWithNumber('+14155550101');
    await endPeriod(alice, '2 days');
    const trialEnd = (await status(alice)).subscription.current_period_end;

    await expect(endSubscriptions()).resolves.toEqual({ renewed: 1, canceled: 0, released: 0 });
    const renewed = await status(alice);
    expect(renewed).toMatchObject({ has_subscription: true, subscription: { status: 'active' } });
    const year = renewed.subscription.current_period_end - trialEnd;
    expect(year === 365 * 86_400 || year === 366 * 86_400).toBe(true);
    expect(await releasedAt(alice)).toBeNull();
  });

  it('ends a trial cancelled at period end and releases its number a day later', async () => {
    const bob = await trialWithNumber('+14155550102');
    await cancelAtPeriodEnd(bob);
    await endPeriod(bob, '1 hour');

    await expect(endSubscriptions()).resolves.toEqual({ renewed: 0, canceled: 1, released: 0 });
    expect(await status(bob)).toMatchObject({
      has_subscription: false,
      subscription: { status: 'canceled' },
    });
    expect(await releasedAt(bob)).toBeNull();

    await endPeriod(bob, '25 hours');
    await expect(endSubscriptions()).resolves.toEqual({ renewed: 0, canceled: 0, released: 1 });
    expect(await releasedAt(bob)).toBeInstanceOf(Date);
    await expect(endSubscriptions()).resolves.toEqual({ renewed: 0, canceled: 0, released: 0 });
  });

  it('leaves running trials and Stripe subscriptions alone', async () => {
    const carol = await trialWithNumber('+14155550103');
    const before = await status(carol);
    const stripeUser = await newUser(ctx, { subscribed: false });
    await ctx.deps.db.insert(subscriptions).values({
      userId: stripeUser.id,
      provider: 'stripe',
      status: 'trialing',
      currentPeriodEnd: sql`now() - interval '1 hour'`,
    });

    await expect(endSandboxPeriods(ctx.deps.db)).resolves.toEqual({ renewed: 0, canceled: 0 });
    expect(await status(carol)).toEqual(before);
    expect(await status(stripeUser)).toMatchObject({ subscription: { status: 'trialing' } });
  });
});
