import { eq, sql } from 'drizzle-orm';
import { callAllotments, subscriptions, usageMonths } from '../src/db/schema';
import { monthOf } from '../src/usage/months';
import { createTestApp, type TestContext } from './helpers/app';
import { callHistory, minutesUsed } from './helpers/dashboard';
import { forwardLegReport, giveNumber, newUser, postWebhook, type Subscriber } from './helpers/telephony';
import { parseTwiml, verbsOf } from './helpers/twiml';

// docs/billing.md, the trial cap: a trial's calls at the same time share the minutes it has left,
// each setting its own aside until its end is reported.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let lines = 0;
async function account(minutesUsedBefore = 0) {
  const user = await newUser(ctx);
  const number = `+1646555${String(1000 + lines++)}`;
  await giveNumber(ctx, user, number, '+16465559999');
  if (minutesUsedBefore) {
    await ctx.deps.db
      .insert(usageMonths)
      .values({ userId: user.id, month: monthOf(new Date()), minutes: minutesUsedBefore });
  }
  return { user, number };
}

// What a call with this sid hears: the <Dial>'s time limit in seconds, or what it hears instead.
async function ring(number: string, sid: string) {
  const res = await postWebhook(ctx, '/api/twilio/voice', { CallSid: sid, From: '+12125550111', To: number });
  expect(res.statusCode).toBe(200);
  const [first] = parseTwiml(res.body).children;
  return first.name === 'Dial' ? Number(first.attributes.timeLimit) : verbsOf(res.body).join(' ');
}

const end = async (number: string, sid: string, status: string, seconds = 0) => {
  expect((await forwardLegReport(ctx, { sid, number }, status, seconds)).statusCode).toBe(204);
};

describe("a trial's calls at the same time", () => {
  let trial: { user: Subscriber; number: string };
  beforeAll(async () => {
    trial = await account();
  });

  it('share its 300 minutes: each gets what the others have not set aside, then the line is not in service', async () => {
    expect(await ring(trial.number, 'CAshare1')).toBe(7200);
    expect(await ring(trial.number, 'CAshare2')).toBe(7200);
    expect(await ring(trial.number, 'CAshare3')).toBe(3600);
    expect(await ring(trial.number, 'CAshare4')).toBe('Say Hangup');
  });

  it('asked again about the same call (a redelivered webhook), gives it the same time, not twice', async () => {
    expect(await ring(trial.number, 'CAshare2')).toBe(7200);
    expect(await ring(trial.number, 'CAshare5')).toBe('Say Hangup');
  });

  it('gives back what an ended call did not use: its talk time is counted and the rest is free again', async () => {
    await end(trial.number, 'CAshare1', 'ringing');
    await end(trial.number, 'CAshare1', 'completed', 600);
    expect(await minutesUsed(ctx, trial.user)).toBe(10);
    // 300 − 10 used − 120 and 60 set aside by the two calls still under way.
    expect(await ring(trial.number, 'CAshare6')).toBe(110 * 60);
  });

  it('gives back all of an unanswered call, and counts nothing for it', async () => {
    await end(trial.number, 'CAshare3', 'no-answer');
    expect(await minutesUsed(ctx, trial.user)).toBe(10);
    expect(await ring(trial.number, 'CAshare7')).toBe(3600);
    expect((await callHistory(ctx, trial.user)).calls.map((c: { status: string }) => c.status)).toEqual([
      'no-answer',
      'completed',
    ]);
  });

  it('stops counting a call whose end never came once its time limit and some minutes of grace are past', async () => {
    expect(await ring(trial.number, 'CAshare8')).toBe('Say Hangup');
    // The clock moves past CAshare2's limit (2 hours) and grace (5 minutes), no report having come.
    await ctx.deps.db
      .update(callAllotments)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(callAllotments.call, 'CAshare2'));
    expect(await ring(trial.number, 'CAshare8')).toBe(7200);
  });
});

it('lets the calls of a paid account each last two hours, however many there are', async () => {
  const paid = await account(400);
  await ctx.deps.db
    .update(subscriptions)
    .set({ status: 'active', firstPaidAt: new Date() })
    .where(eq(subscriptions.userId, paid.user.id));
  const limits = await Promise.all([1, 2, 3, 4, 5].map((i) => ring(paid.number, `CApaid${i}`)));
  expect(limits).toEqual([7200, 7200, 7200, 7200, 7200]);
});

it("never gives calls arriving at once more than the trial's minutes between them", async () => {
  const trial = await account(170);
  const limits = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => ring(trial.number, `CAonce${i}`)));
  const given = limits.filter((limit): limit is number => typeof limit === 'number');
  // 130 minutes left: one call gets two hours, one the last 10 minutes, the rest hear "not in service".
  expect(given.sort((a, b) => a - b)).toEqual([600, 7200]);
  expect(limits.filter((limit) => limit === 'Say Hangup')).toHaveLength(4);
});
