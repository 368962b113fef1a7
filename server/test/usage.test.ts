import { usageMonths } from '../src/db/schema';
import { INCLUDED_MINUTES } from '../../rules/plan';
import { createTestApp, type TestContext } from './helpers/app';
import { failPayment, payNow, replaceCard } from './helpers/billing';
import { forwardLegReport, giveNumber, newUser, type Subscriber } from './helpers/telephony';

let ctx: TestContext;
let owner: Subscriber;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await newUser(ctx);
  await giveNumber(ctx, owner, '+15035550100', '+15035559999');
  // A paid plan: a trial's calls would stop at 300 minutes (see the trial case below).
  await payNow(ctx.app, owner);
});
afterAll(() => ctx.close());

let sid = 0;
// The end of an inbound call's leg to the owner's phone, as Twilio reports it.
const completedCall = (seconds: number, status = 'completed') =>
  forwardLegReport(ctx, { sid: `CAusage${++sid}`, number: '+15035550100' }, status, seconds);

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
      trial: null,
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

  it('keeps counting past 300 minutes on a paid plan', async () => {
    await completedCall(497 * 60);
    expect(await usage()).toMatchObject({ minutes_used: 600, overage_cents: 1000, trial: null });
  });

  it("shows a trial's minutes against the minutes its calls may use", async () => {
    const trial = await newUser(ctx);
    expect((await usage(trial)).trial).toEqual({ minutes_used: 0, minutes_limit: 300 });
  });

  it("counts a trial's minutes across a month end, and the month's minutes in minutes_used", async () => {
    const trial = await newUser(ctx);
    const now = new Date();
    const monthStart = (back: number) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 10);
    // A trial started late last month: its calls there count towards its cap, not this month's minutes.
    await ctx.deps.db.insert(usageMonths).values([
      { userId: trial.id, month: monthStart(1), seconds: 40 * 60, minutes: 40 },
      { userId: trial.id, month: monthStart(0), seconds: 25 * 60, minutes: 25 },
    ]);
    expect(await usage(trial)).toMatchObject({
      minutes_used: 25,
      overage_cents: 0,
      trial: { minutes_used: 65, minutes_limit: 300 },
    });
    // Once paid, the trial's cap is gone; the month's minutes stay.
    await payNow(ctx.app, trial);
    expect(await usage(trial)).toMatchObject({ minutes_used: 25, trial: null });
  });

  it("keeps showing a trial's minutes while its first payment fails, not once the account has paid", async () => {
    const trial = await newUser(ctx);
    await failPayment(ctx.app, trial);
    expect((await usage(trial)).trial).toEqual({ minutes_used: 0, minutes_limit: 300 });
    expect(await replaceCard(ctx.app, trial, '4242 4242 4242 4242')).toEqual({}); // the retry is paid
    expect((await usage(trial)).trial).toBeNull();
  });

  it('counts a redelivered callback once', async () => {
    const before = (await usage()).minutes_used;
    const call = { sid: 'CAusage-redelivered', number: '+15035550100' };
    await forwardLegReport(ctx, call, 'completed', 30);
    await forwardLegReport(ctx, call, 'completed', 30);
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
