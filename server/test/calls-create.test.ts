import { eq, sql } from 'drizzle-orm';
import { ANSWERED_CALL_STEPS } from '../../contract/sandbox-call-steps';
import { calls, usageMonths } from '../src/db/schema';
import { SandboxTelephony } from '../src/sandbox/telephony/telephony';
import { sandboxWebhookSecret } from '../src/providers/from-config';
import { numberWebhooks } from '../src/calls/urls';
import { monthOf } from '../src/usage/months';
import { createTestApp, type TestContext } from './helpers/app';
import { lapse, payNow } from './helpers/billing';
import { callHistory, minutesUsed } from './helpers/dashboard';
import { ManualClock } from './helpers/manual-clock';
import { forwardLegReport, giveNumber, newUser, postWebhook, type Subscriber } from './helpers/telephony';
import { parseTwiml, verbsOf } from './helpers/twiml';

// Click-to-call through the sandbox carrier, whose steps the test moves with its own clock.

const clock = new ManualClock();
let ctx: TestContext;
let owner: Subscriber;
beforeAll(async () => {
  ctx = await createTestApp({
    deps: (config) => ({
      telephony: new SandboxTelephony(sandboxWebhookSecret(config.jwtSecret), numberWebhooks(config.appUrl), {
        clock,
      }),
    }),
  });
  owner = await newUser(ctx);
  await giveNumber(ctx, owner, '+16175550100', '+16175559876');
});
afterAll(() => ctx.close());
afterEach(() => clock.finish());

let lines = 0;
const valid = { from_number: '+16175550100', forwarding_number: '+16175559876', recipient: '+12025550143' };

const createCall = (user: Subscriber, payload: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/api/twilio/create-call', headers: user.headers, payload });
const getCall = (id: string, user = owner) =>
  ctx.app.inject({ method: 'GET', url: `/api/dashboard/calls/${id}`, headers: user.headers });
const stepOf = async (id: string) => {
  const { call } = (await getCall(id)).json();
  return [call.stage, call.status, call.duration];
};

describe('a click-to-call in the sandbox', () => {
  it('walks the real steps, then shows in the history as completed with its talk time', async () => {
    const before = await minutesUsed(ctx, owner);
    const res = await createCall(owner, valid);
    expect(res.statusCode).toBe(201);
    const { call } = res.json();
    expect(call).toEqual({
      id: expect.any(String),
      direction: 'outbound',
      from_number: '+16175550100',
      to_number: '+12025550143',
      created_at: expect.any(String),
      duration: 0,
      status: 'queued',
      stage: 'calling_you',
    });
    const seen = [await stepOf(call.id)];
    while (clock.pending) {
      await clock.next();
      seen.push(await stepOf(call.id));
    }
    expect(seen).toEqual(ANSWERED_CALL_STEPS);
    expect((await callHistory(ctx, owner)).calls[0]).toMatchObject({
      id: call.id,
      status: 'completed',
      duration: 30,
    });
    expect(await minutesUsed(ctx, owner)).toBe(before + 1);
  });

  it.each([
    ['busy', '+12025550198', 'busy'],
    ['never answered', '+13125550199', 'no-answer'],
  ])('records a recipient who is %s as such, with no talk time', async (_, recipient, status) => {
    const before = await minutesUsed(ctx, owner);
    const { call } = (await createCall(owner, { ...valid, recipient })).json();
    await clock.finish();
    expect(await stepOf(call.id)).toEqual(['calling_recipient', status, 0]);
    expect(await minutesUsed(ctx, owner)).toBe(before);
  });

  it('allows one call at a time per account (409), and the next once it has ended', async () => {
    const first = await createCall(owner, valid);
    expect(first.statusCode).toBe(201);
    const second = await createCall(owner, { ...valid, recipient: '+12025550144' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      error: 'call_in_progress',
      message: 'You already have a call in progress. Please wait for it to end before placing another.',
    });
    const calls = (await callHistory(ctx, owner)).calls.map((c: { to_number: string }) => c.to_number);
    expect(calls).not.toContain('+12025550144');
    await clock.finish();
    expect((await createCall(owner, { ...valid, recipient: '+12025550144' })).statusCode).toBe(201);
  });

  it('lets a trial place 20 calls a day that talk to nobody, then refuses more (429); a paid account has no such cap', async () => {
    const trial = await newUser(ctx);
    await giveNumber(ctx, trial, '+16175550130', '+16175559830');
    const busyCall = {
      from_number: '+16175550130',
      forwarding_number: '+16175559830',
      recipient: '+12025550198',
    };
    for (let i = 0; i < 20; i++) {
      expect((await createCall(trial, busyCall)).statusCode).toBe(201);
      await clock.finish(); // the recipient's line is busy: nobody talked
    }
    const refused = await createCall(trial, busyCall);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'trial_call_attempts_used',
      message:
        'During the free trial you can place 20 calls a day that nobody answers. Please try again tomorrow.',
    });
    await payNow(ctx.app, trial);
    expect((await createCall(trial, busyCall)).statusCode).toBe(201);
  });

  it('lets two requests at once start only one call', async () => {
    const answers = await Promise.all([createCall(owner, valid), createCall(owner, valid)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('the one call at a time', () => {
  const line = async (number: string, forwarding: string) => {
    const user = await newUser(ctx);
    await giveNumber(ctx, user, number, forwarding);
    const call = (recipient: string) =>
      createCall(user, { from_number: number, forwarding_number: forwarding, recipient });
    return { user, number, call };
  };
  // The database's clock cannot be moved, so the call's start is moved back instead.
  const placedAgo = (id: string, seconds: number) =>
    ctx.deps.db
      .update(calls)
      .set({ createdAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(calls.id, id));

  it('is not held by a call to the business number ringing meanwhile', async () => {
    const { number, call } = await line('+16175550141', '+16175559841');
    expect((await forwardLegReport(ctx, { sid: 'CAringingin', number }, 'ringing')).statusCode).toBe(204);
    expect((await call('+12025550143')).statusCode).toBe(201);
  });

  it('is held 3 minutes by a call that never connected and whose end was never reported', async () => {
    const { call } = await line('+16175550142', '+16175559842');
    const { call: lost } = (await call('+12025550143')).json();
    await clock.next(); // ringing, then its reports are lost
    clock.cancelAll();
    await placedAgo(lost.id, 3 * 60 - 10);
    expect((await call('+12025550144')).statusCode).toBe(409);
    await placedAgo(lost.id, 3 * 60 + 10);
    expect((await call('+12025550144')).statusCode).toBe(201);
  });

  it('is held by a connected call whose end was never reported for its 2 hours and 5 minutes more', async () => {
    const { call } = await line('+16175550143', '+16175559843');
    const { call: lost } = (await call('+12025550143')).json();
    for (let step = 0; step < 4; step++) await clock.next(); // connected, then its reports are lost
    clock.cancelAll();
    await placedAgo(lost.id, 2 * 3600 + 5 * 60 - 10);
    expect((await call('+12025550144')).statusCode).toBe(409);
    await placedAgo(lost.id, 2 * 3600 + 5 * 60 + 10);
    expect((await call('+12025550144')).statusCode).toBe(201);
  });
});

describe('the "press 1" prompt', () => {
  // A call whose first leg has answered; the test plays Twilio's <Gather> action itself.
  async function answeredCall() {
    const { call } = (await createCall(owner, valid)).json();
    await clock.next(); // ringing
    await clock.next(); // answered: the prompt plays
    clock.cancelAll();
    const press = (digits?: string) =>
      postWebhook(ctx, `/api/twilio/key-pressed?call=${call.id}`, {
        CallSid: 'CAparent',
        ...(digits === undefined ? {} : { Digits: digits }),
      });
    return { id: call.id as string, press };
  }

  it("gives a trial's call only the minutes the trial has left, as the first leg's TimeLimit", async () => {
    const trial = await newUser(ctx);
    const number = `+161755503${lines++}0`;
    await giveNumber(ctx, trial, number, '+16175559878');
    await forwardLegReport(ctx, { sid: 'CAtrial299', number }, 'completed', 299 * 60);
    const placed = jest.spyOn(ctx.deps.telephony, 'createCall');
    await createCall(trial, { ...valid, from_number: number, forwarding_number: '+16175559878' });
    await createCall(owner, valid);
    expect(placed.mock.calls.map(([call]) => call.timeLimitSeconds)).toEqual([60, 7200]);
    placed.mockRestore();
  });

  it("waits for a trial's inbound calls under way that set aside all its minutes (409, nothing recorded)", async () => {
    const trial = await newUser(ctx);
    const number = `+161755503${lines++}0`;
    await giveNumber(ctx, trial, number, '+16175559878');
    await ctx.deps.db
      .insert(usageMonths)
      .values({ userId: trial.id, month: monthOf(new Date()), minutes: 298 });
    const inbound = { CallSid: 'CAinboundheld', From: '+12125550111', To: number };
    const dial = await postWebhook(ctx, '/api/twilio/voice', inbound);
    expect(parseTwiml(dial.body).children[0].attributes.timeLimit).toBe('120');
    const mine = { ...valid, from_number: number, forwarding_number: '+16175559878' };
    const refused = await createCall(trial, mine);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'trial_minutes_in_use',
      message:
        "The rest of your free trial's minutes are in use by calls under way. Please try again when they end.",
    });
    expect((await callHistory(ctx, trial)).calls).toEqual([]);

    await forwardLegReport(ctx, { sid: 'CAinboundheld', number }, 'no-answer');
    const placed = jest.spyOn(ctx.deps.telephony, 'createCall');
    expect((await createCall(trial, mine)).statusCode).toBe(201);
    expect(placed.mock.calls.map(([call]) => call.timeLimitSeconds)).toEqual([120]);
    placed.mockRestore();
    // The click-to-call sets them aside in turn until it ends.
    const during = await postWebhook(ctx, '/api/twilio/voice', { ...inbound, CallSid: 'CAinbound2' });
    expect(verbsOf(during.body)).toEqual(['Reject']);
    await clock.finish(); // the sandbox's answered call: a minute of talk
    expect(await minutesUsed(ctx, trial)).toBe(299);
    const after = await postWebhook(ctx, '/api/twilio/voice', { ...inbound, CallSid: 'CAinbound3' });
    expect(parseTwiml(after.body).children[0].attributes.timeLimit).toBe('60');
  });

  it('dials the recipient from the business number when 1 is pressed', async () => {
    const { id, press } = await answeredCall();
    const res = await press('1');
    const [dial] = parseTwiml(res.body).children;
    const leg = new URLSearchParams({ leg: 'recipient', call: id });
    expect(dial.attributes).toEqual({
      answerOnBridge: 'true',
      callerId: '+16175550100',
      timeout: '40',
      action: `http://localhost:3000/api/twilio/dial-ended?${leg}#rc=3&rp=ct,rt,5xx`,
    });
    expect(dial.children).toEqual([
      {
        name: 'Number',
        attributes: {
          statusCallback: `http://localhost:3000/api/twilio/status?${leg}#rc=3&rp=ct,rt,5xx`,
          statusCallbackEvent: 'initiated ringing answered completed',
        },
        children: [],
        text: '+12025550143',
      },
    ]);
    expect(await stepOf(id)).toEqual(['calling_recipient', 'ringing', 0]);
    // The recipient's end, reported by the <Dial> action before its status callback.
    const ended = await postWebhook(ctx, `/api/twilio/dial-ended?${leg}`, {
      CallSid: 'CAparent',
      DialCallStatus: 'busy',
    });
    expect(parseTwiml(ended.body).children.map((v) => [v.name, v.text])).toEqual([
      ['Say', 'The line is busy. Goodbye.'],
      ['Hangup', ''],
    ]);
    expect(await stepOf(id)).toEqual(['calling_recipient', 'busy', 0]);
  });

  it.each([
    ['no key (a voicemail answered)', undefined],
    ['an empty result', ''],
    ['another key', '2'],
  ])('ends the call without calling anyone on %s', async (_, digits) => {
    const { id, press } = await answeredCall();
    const res = await press(digits);
    expect(parseTwiml(res.body).children.map((v) => [v.name, v.text])).toEqual([
      ['Say', 'The call was not placed. Goodbye.'],
      ['Hangup', ''],
    ]);
    expect(await stepOf(id)).toEqual(['waiting_for_key', 'canceled', 0]);
    // A 1 arriving after that changes nothing.
    expect(parseTwiml((await press('1')).body).children[0].name).toBe('Say');
  });
});

describe('POST /api/twilio/create-call refuses', () => {
  it.each([
    ['a premium 900 number', '+19005550143'],
    ['a premium 976 number', '+19765550143'],
    ['911', '+19115550143'],
    ['411', '+14115550143'],
    ['a number that is not US E.164', '+442071234567'],
    ['the business number itself', '+16175550100'],
  ])('to call %s (400)', async (_, recipient) => {
    const res = await createCall(owner, { ...valid, recipient });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: expect.any(String) });
  });

  it("to ring a phone other than the user's configured forwarding number", async () => {
    const res = await createCall(owner, { ...valid, forwarding_number: '+13125550000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/forwarding number/i);
  });

  it("to call from another account's number (404), and records nothing for either", async () => {
    const other = await newUser(ctx);
    const before = (await callHistory(ctx, owner)).metadata.total_items;
    const res = await createCall(other, valid);
    expect(res.statusCode).toBe(404);
    expect((await callHistory(ctx, other)).metadata.total_items).toBe(0);
    expect((await callHistory(ctx, owner)).metadata.total_items).toBe(before);
  });

  it('until a forwarding number is set (409)', async () => {
    const user = await newUser(ctx);
    await giveNumber(ctx, user, '+16175550101');
    const res = await createCall(user, { ...valid, from_number: '+16175550101' });
    expect(res.statusCode).toBe(409);
  });

  it('needs a live subscription (402) and a signed-in user', async () => {
    const user = await newUser(ctx, { subscribed: false });
    expect((await createCall(user, valid)).statusCode).toBe(402);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/twilio/create-call',
      payload: valid,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  // Billing's gate comes first: an account without service hears why, even with a call under way.
  it.each([
    ['a subscription that is not live', 'subscription_required', (user: Subscriber) => lapse(ctx.app, user)],
    [
      'a trial whose 300 minutes are used',
      'trial_minutes_used',
      (_: Subscriber, number: string) =>
        forwardLegReport(ctx, { sid: `CAused${number}`, number }, 'completed', 300 * 60),
    ],
  ])('from %s (402, before the one-call limit)', async (_, error, stop) => {
    const user = await newUser(ctx);
    const number = `+161755502${lines++}0`;
    await giveNumber(ctx, user, number, '+16175559877');
    const mine = { ...valid, from_number: number, forwarding_number: '+16175559877' };
    expect((await createCall(user, mine)).statusCode).toBe(201); // under way until the clock moves
    await stop(user, number);
    const res = await createCall(user, { ...mine, recipient: '+12025550144' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error, message: expect.any(String) });
  });

  it('a missing field (400)', async () => {
    const res = await createCall(owner, { from_number: valid.from_number, recipient: valid.recipient });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The forwarding_number field is required.');
  });
});

describe('GET /api/dashboard/calls/:id', () => {
  it("answers only the signed-in account's own calls", async () => {
    const { call } = (await createCall(owner, valid)).json();
    expect((await getCall(call.id)).json().call).toMatchObject({ id: call.id, direction: 'outbound' });
    const other = await newUser(ctx);
    const theirs = await getCall(call.id, other);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toBe('call_not_found');
    expect((await getCall('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await getCall('not-a-call')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/dashboard/calls/${call.id}` })).statusCode).toBe(
      401,
    );
  });
});
