import { eq } from 'drizzle-orm';
import { subscriptions, usageMonths } from '../src/db/schema';
import { INCLUDED_MINUTES } from '../src/usage/plan';
import { createTestApp, type TestContext } from './helpers/app';
import { giveNumber, newUser, postWebhook, type Subscriber } from './helpers/telephony';

let ctx: TestContext;
let owner: Subscriber;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await newUser(ctx);
  // The sandbox billing customer, so extra minutes can be invoiced.
  await ctx.deps.db
    .update(subscriptions)
    .set({ customerId: `sandbox_cus_${owner.id}` })
    .where(eq(subscriptions.userId, owner.id));
  await giveNumber(ctx, owner, '+15035550100', '+15035559999');
});
afterAll(() => ctx.close());

let sid = 0;
const completedCall = (seconds: number, status = 'completed') =>
  postWebhook(ctx, '/api/twilio/status', {
    CallSid: `CAusage${++sid}`,
    CallStatus: status,
    Direction: 'inbound',
    From: '+12125550111',
    To: '+15035550100',
    CallDuration: String(seconds),
  });

// What billing has invoiced for the month so far (the sandbox provider's own record).
const billedCents = async () => {
  const [row] = await ctx.deps.db.select().from(usageMonths).where(eq(usageMonths.userId, owner.id));
  return row.billedCents;
};

const usage = (user = owner) =>
  ctx.app.inject({ method: 'GET', url: '/api/dashboard/usage', headers: user.headers }).then((r) => r.json());

describe('GET /api/dashboard/usage', () => {
  it('starts the month at zero, over the current UTC month', async () => {
    const now = new Date();
    const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
    expect(await usage()).toEqual({
      period_start: `${month}-01`,
      period_end: `${month}-${lastDay}`,
      minutes_used: 0,
      included_minutes: INCLUDED_MINUTES,
      overage_cents: 0,
    });
  });

  it('rounds each completed call up to whole minutes; unanswered calls cost nothing', async () => {
    await completedCall(61); // 2 minutes
    await completedCall(1); // 1 minute
    await completedCall(120); // 2 minutes
    await completedCall(0); // nothing
    await completedCall(0, 'no-answer');
    expect((await usage()).minutes_used).toBe(5);
  });

  it('charges 2 cents a minute past the 100 included', async () => {
    await completedCall(94 * 60); // 99 minutes: still included
    expect(await usage()).toMatchObject({ minutes_used: 99, overage_cents: 0 });
    await completedCall(150); // 3 minutes: 2 past the plan
    expect(await usage()).toMatchObject({ minutes_used: 102, overage_cents: 4 });
    await completedCall(59); // 1 more
    expect(await usage()).toMatchObject({ minutes_used: 103, overage_cents: 6 });
  });

  it('has billing invoice the extra minutes once they reach $10', async () => {
    expect(await billedCents()).toBe(0);
    await completedCall(496 * 60); // 599 minutes: 499 extra, $9.98
    expect(await billedCents()).toBe(0);
    await completedCall(60); // 600 minutes: $10.00 due
    expect(await usage()).toMatchObject({ minutes_used: 600, overage_cents: 1000 });
    expect(await billedCents()).toBe(1000);
  });

  it('counts a redelivered callback once', async () => {
    const before = (await usage()).minutes_used;
    const params = {
      CallSid: 'CAusage-redelivered',
      CallStatus: 'completed',
      Direction: 'inbound',
      From: '+12125550111',
      To: '+15035550100',
      CallDuration: '30',
    };
    await postWebhook(ctx, '/api/twilio/status', params);
    await postWebhook(ctx, '/api/twilio/status', params);
    expect((await usage()).minutes_used).toBe(before + 1);
  });

  it("is per user: another account's usage starts at zero", async () => {
    const other = await newUser(ctx);
    expect((await usage(other)).minutes_used).toBe(0);
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dashboard/usage' })).statusCode).toBe(401);
  });
});
