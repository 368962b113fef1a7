import { eq, sql } from 'drizzle-orm';
import { ALLOT_FUNCTION, allotFunctionBody } from '../src/calls/allot-function';
import { allotCallTime } from '../src/calls/allotments';
import { callAllotments, phoneNumbers } from '../src/db/schema';
import { sandboxWebhookSecret } from '../src/providers/from-config';
import { SandboxTelephony } from '../src/sandbox/telephony/telephony';
import { numberWebhooks } from '../src/calls/urls';
import { createTestApp, type TestContext } from './helpers/app';
import { payNow } from './helpers/billing';
import { callHistory, minutesUsed } from './helpers/dashboard';
import { ManualClock } from './helpers/manual-clock';
import { forwardLegReport, giveNumber, newUser, postWebhook, type Subscriber } from './helpers/telephony';
import { parseTwiml, verbsOf } from './helpers/twiml';

// docs/billing.md, the trial cap: a trial's calls at the same time share the minutes it has left,
// each setting its own aside until its end is reported.

// The sandbox carrier's click-to-call steps wait for this clock, which no test here moves.
const clock = new ManualClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    deps: (config) => ({
      telephony: new SandboxTelephony(sandboxWebhookSecret(config.jwtSecret), numberWebhooks(config.appUrl), {
        clock,
      }),
    }),
  });
});
afterEach(() => clock.cancelAll());
afterAll(() => ctx.close());

let lines = 0;
async function account(minutesUsedBefore = 0) {
  const user = await newUser(ctx);
  const number = `+1646555${String(1000 + lines++)}`;
  await giveNumber(ctx, user, number, '+16465559999');
  if (minutesUsedBefore) {
    // Calls talked before, as Twilio reported them.
    await forwardLegReport(ctx, { sid: `CAbefore${number}`, number }, 'completed', minutesUsedBefore * 60);
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

// Seconds until the call's allotment lapses (undefined: it has none), and the clock moving past it.
async function secondsLeft(call: string) {
  const [row] = await ctx.deps.db
    .select({ left: sql<number>`extract(epoch from ${callAllotments.expiresAt} - now())::float8` })
    .from(callAllotments)
    .where(eq(callAllotments.call, call));
  return row?.left;
}
const lapse = (call: string) =>
  ctx.deps.db
    .update(callAllotments)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(callAllotments.call, call));

// Twilio's <Dial> action: the forwarded leg ended.
async function dialEnded(number: string, sid: string, status: string, seconds = 0) {
  const query = new URLSearchParams({ leg: 'forward', caller: '+12125550111', number });
  const res = await postWebhook(ctx, `/api/twilio/dial-ended?${query}`, {
    CallSid: sid,
    DialCallStatus: status,
    DialCallDuration: String(seconds),
  });
  expect(res.statusCode).toBe(200);
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
    expect(await ring(trial.number, 'CAshare4')).toBe('Reject');
  });

  it('asked again about the same call (a redelivered webhook), gives it the same time, not twice', async () => {
    expect(await ring(trial.number, 'CAshare2')).toBe(7200);
    expect(await ring(trial.number, 'CAshare5')).toBe('Reject');
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

  it('stops counting a call that was never reported after 3 minutes, and a reported one 5 minutes after its limit', async () => {
    expect(await ring(trial.number, 'CAshare8')).toBe('Reject');
    // CAshare2 and CAshare6 hold the rest; neither has had a report yet (a call Twilio never put through).
    expect(await secondsLeft('CAshare2')).toBeGreaterThan(2 * 60);
    expect(await secondsLeft('CAshare2')).toBeLessThanOrEqual(3 * 60);
    await end(trial.number, 'CAshare6', 'ringing');
    expect(await secondsLeft('CAshare6')).toBeGreaterThan(114 * 60);
    expect(await secondsLeft('CAshare6')).toBeLessThanOrEqual(115 * 60);
    await lapse('CAshare2');
    expect(await ring(trial.number, 'CAshare8')).toBe(7200);
  });

  it('releases a call ended by its <Dial> action as well as by its status report', async () => {
    await dialEnded(trial.number, 'CAshare8', 'completed', 60);
    expect(await minutesUsed(ctx, trial.user)).toBe(11);
    expect(await secondsLeft('CAshare8')).toBeUndefined();
  });
});

it('lets the calls of a paid account each last two hours, however many there are', async () => {
  const paid = await account(400);
  await payNow(ctx.app, paid.user);
  const limits = await Promise.all([1, 2, 3, 4, 5].map((i) => ring(paid.number, `CApaid${i}`)));
  expect(limits).toEqual([7200, 7200, 7200, 7200, 7200]);
});

it('gives two hours to a call whose trial ended with the first payment after the webhook read its minutes', async () => {
  const { user } = await account(299);
  await payNow(ctx.app, user);
  // The webhook read the trial's last minute; under the account's lock its allowance has no cap.
  expect(await allotCallTime(ctx.deps.db, user.id, 'CApaidMeanwhile', 60)).toBe(7200);
});

it("sets a trial's last minute aside for its click-to-call: a call ringing meanwhile is not put through", async () => {
  const trial = await account(299);
  const placed = await ctx.app.inject({
    method: 'POST',
    url: '/api/twilio/create-call',
    headers: trial.user.headers,
    payload: { from_number: trial.number, forwarding_number: '+16465559999', recipient: '+12125550142' },
  });
  expect(placed.statusCode).toBe(201);
  expect(await ring(trial.number, 'CAduringClick')).toBe('Reject');
});

it('sets nothing aside for a call it does not put through, its forwarding number refused', async () => {
  const trial = await account(180);
  const forwardTo = (number: string) =>
    ctx.deps.db
      .update(phoneNumbers)
      .set({ forwardingNumber: number })
      .where(eq(phoneNumbers.phoneNumber, trial.number));
  // Stored before the destination policy refused it (another NANP country).
  await forwardTo('+12845550199');
  expect(await ring(trial.number, 'CArefused1')).toBe('Reject');
  await forwardTo('+16465559999');
  // All of the 120 minutes left.
  expect(await ring(trial.number, 'CArefused2')).toBe(7200);
});

// Meaningful on Postgres (CI runs the server suite on it too): PGlite runs one transaction at a time.
it("never gives calls arriving at once more than the trial's minutes between them", async () => {
  const trial = await account(170);
  const limits = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => ring(trial.number, `CAonce${i}`)));
  const given = limits.filter((limit): limit is number => typeof limit === 'number');
  // 130 minutes left: one call gets two hours, one the last 10 minutes, the rest hear "not in service".
  expect(given.sort((a, b) => a - b)).toEqual([600, 7200]);
  expect(limits.filter((limit) => limit === 'Reject')).toHaveLength(4);
});

// Billing's rule and the limits are written into the database's function by a migration: a change to
// them, or to the statement, needs a new migration replacing it (allot-function.ts says how).
it('sets minutes aside by the rule the code holds now', async () => {
  const [fn] = await ctx.deps.db
    .select({ body: sql<string>`prosrc` })
    .from(sql`pg_proc`)
    .where(sql`proname = ${ALLOT_FUNCTION}`);
  expect(fn.body).toBe(allotFunctionBody());
});
