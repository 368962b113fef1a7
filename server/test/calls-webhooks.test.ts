import { eq } from 'drizzle-orm';
import { subscriptions } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { failPayment, lapse, replaceCard } from './helpers/billing';
import { callHistory, minutesUsed } from './helpers/dashboard';
import { forwardLegReport, giveNumber, newUser, postWebhook, type Subscriber } from './helpers/telephony';
import { parseTwiml, verbsOf } from './helpers/twiml';

let ctx: TestContext;
let owner: Subscriber;
const NUMBER = '+19175550100';
const PHONE = '+19175559999';
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await newUser(ctx);
  await giveNumber(ctx, owner, NUMBER, PHONE);
});
afterAll(() => ctx.close());

const voice = (from: string, to = NUMBER, sid = 'CAvoice') =>
  postWebhook(ctx, '/api/twilio/voice', { CallSid: sid, From: from, To: to });
const legQuery = (caller: string) =>
  new URLSearchParams({ leg: 'forward', caller, number: NUMBER }).toString();

describe('POST /api/twilio/voice', () => {
  it("rings the owner's phone with the attributes a phone line needs", async () => {
    const res = await voice('+12125550111');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    const [dial] = parseTwiml(res.body).children;
    expect(dial.name).toBe('Dial');
    expect(dial.attributes).toEqual({
      answerOnBridge: 'true',
      timeout: '40',
      timeLimit: '7200',
      callerId: '+12125550111',
      action: `http://localhost:3000/api/twilio/dial-ended?${legQuery('+12125550111')}#rc=3&rp=ct,rt,5xx`,
    });
    const [number] = dial.children;
    expect(number).toEqual({
      name: 'Number',
      attributes: {
        statusCallback: `http://localhost:3000/api/twilio/status?${legQuery('+12125550111')}#rc=3&rp=ct,rt,5xx`,
        statusCallbackEvent: 'initiated ringing answered completed',
      },
      children: [],
      text: PHONE,
    });
  });

  it.each(['anonymous', '+266696687', 'Restricted', '12125550111', '"><Hangup/>&'])(
    'shows no caller ID for a withheld or malformed caller (%p), and still forwards',
    async (from) => {
      const res = await voice(from);
      const [dial] = parseTwiml(res.body).children;
      expect(verbsOf(res.body)).toEqual(['Dial']);
      expect(dial.attributes).not.toHaveProperty('callerId');
      expect(dial.children[0].text).toBe(PHONE);
      expect(new URL(dial.attributes.action).searchParams.get('caller')).toBe(from);
    },
  );

  it('says "Business call" to the owner first when they asked for it', async () => {
    const announce = await ctx.app.inject({
      method: 'POST',
      url: '/api/twilio/number-configuration',
      headers: owner.headers,
      payload: { twilio_number: NUMBER, forwarding_number: PHONE, announce_calls: true },
    });
    expect(announce.json().phone_number).toEqual({
      phone_number: NUMBER,
      forwarding_number: PHONE,
      announce_calls: true,
      email_texts: true,
      held_until: null,
    });
    const [dial] = parseTwiml((await voice('+12125550111')).body).children;
    const whisperUrl = dial.children[0].attributes.url;
    expect(whisperUrl).toBe('http://localhost:3000/api/twilio/whisper');
    const whisper = await postWebhook(ctx, '/api/twilio/whisper', { CallSid: 'CAleg', To: PHONE });
    expect(parseTwiml(whisper.body).children).toEqual([
      { name: 'Say', attributes: {}, children: [], text: 'Business call' },
    ]);

    // Changing the forwarding number alone leaves the choice as it is; it can be turned off.
    const moved = await ctx.app.inject({
      method: 'POST',
      url: '/api/twilio/number-configuration',
      headers: owner.headers,
      payload: { twilio_number: NUMBER, forwarding_number: PHONE },
    });
    expect(moved.json().phone_number.announce_calls).toBe(true);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/twilio/number-configuration',
      headers: owner.headers,
      payload: { twilio_number: NUMBER, forwarding_number: PHONE, announce_calls: false },
    });
    const [plain] = parseTwiml((await voice('+12125550111')).body).children;
    expect(plain.children[0].attributes).not.toHaveProperty('url');
  });

  it('answers a polite message and hangs up for a number nobody owns', async () => {
    const res = await voice('+12125550111', '+19175550177');
    expect(res.statusCode).toBe(200);
    expect(parseTwiml(res.body).children.map((v) => [v.name, v.text])).toEqual([['Reject', '']]);
  });

  it('refuses a missing or wrong signature with 403', async () => {
    const params = { From: '+12125550111', To: NUMBER };
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/twilio/voice',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(params).toString(),
    });
    expect(unsigned.statusCode).toBe(403);
    const wrongKey = await postWebhook(ctx, '/api/twilio/voice', params, 'not-the-secret');
    expect(wrongKey.statusCode).toBe(403);
    expect(wrongKey.body).not.toContain(PHONE);
  });
});

describe('reports of the leg ringing the owner', () => {
  it('record the call as it rings, then its talk time once, however often the end is reported', async () => {
    const call = { sid: 'CAin1', number: NUMBER };
    const before = await minutesUsed(ctx, owner);
    expect((await forwardLegReport(ctx, call, 'initiated')).statusCode).toBe(204);
    await forwardLegReport(ctx, call, 'ringing');
    expect((await callHistory(ctx, owner)).calls[0]).toMatchObject({
      direction: 'inbound',
      status: 'ringing',
      duration: 0,
    });
    await forwardLegReport(ctx, call, 'in-progress');
    await forwardLegReport(ctx, call, 'completed', 75);
    await forwardLegReport(ctx, call, 'completed', 75);
    const ended = await postWebhook(ctx, `/api/twilio/dial-ended?${legQuery('+12125550111')}`, {
      CallSid: 'CAin1',
      DialCallStatus: 'completed',
      DialCallDuration: '76',
    });
    expect(verbsOf(ended.body)).toEqual(['Hangup']);
    const { calls, metadata } = await callHistory(ctx, owner);
    expect(metadata.total_items).toBe(1);
    expect(calls[0]).toMatchObject({
      direction: 'inbound',
      from_number: '+12125550111',
      to_number: NUMBER,
      duration: 75,
      status: 'completed',
    });
    expect(await minutesUsed(ctx, owner)).toBe(before + 2);
  });

  it('converge out of order: an end reported before the ringing stays the end', async () => {
    const call = { sid: 'CAin2', number: NUMBER, caller: '+13105550123' };
    await forwardLegReport(ctx, call, 'completed', 30);
    await forwardLegReport(ctx, call, 'ringing');
    await forwardLegReport(ctx, call, 'in-progress');
    const mine = (await callHistory(ctx, owner)).calls.find(
      (c: { from_number: string }) => c.from_number === call.caller,
    );
    expect(mine).toMatchObject({ status: 'completed', duration: 30 });
  });

  it('show a call nobody answered as missed, with no talk time and no minutes', async () => {
    const before = await minutesUsed(ctx, owner);
    const call = { sid: 'CAmissed', number: NUMBER, caller: '+14155550123' };
    await forwardLegReport(ctx, call, 'ringing');
    // The <Dial> action may come first; the caller then hears that nobody is available.
    const ended = await postWebhook(ctx, `/api/twilio/dial-ended?${legQuery(call.caller)}`, {
      CallSid: call.sid,
      DialCallStatus: 'no-answer',
    });
    // The caller's leg was never answered (answerOnBridge): it is rejected, so Twilio bills nothing.
    expect(parseTwiml(ended.body).children).toEqual([
      { name: 'Reject', attributes: { reason: 'rejected' }, children: [], text: '' },
    ]);
    await forwardLegReport(ctx, call, 'no-answer');
    const mine = (await callHistory(ctx, owner)).calls.find(
      (c: { from_number: string }) => c.from_number === call.caller,
    );
    expect(mine).toMatchObject({ status: 'no-answer', duration: 0 });
    expect(await minutesUsed(ctx, owner)).toBe(before);
  });

  it('ignore a call to a number nobody owns', async () => {
    const res = await forwardLegReport(ctx, { sid: 'CAnobody', number: '+19175550177' }, 'completed', 10);
    expect(res.statusCode).toBe(204);
  });

  it('refuse an unsigned report and record nothing', async () => {
    const before = (await callHistory(ctx, owner)).metadata.total_items;
    const res = await postWebhook(
      ctx,
      `/api/twilio/status?${legQuery('+12125550111')}`,
      { CallSid: 'CAleg3', ParentCallSid: 'CAin3', CallStatus: 'completed', CallDuration: '10' },
      'forged',
    );
    expect(res.statusCode).toBe(403);
    expect((await callHistory(ctx, owner)).metadata.total_items).toBe(before);
  });

  it('answer 400 to a signed report that does not say which call it is about', async () => {
    const noLeg = await postWebhook(ctx, '/api/twilio/status', { CallSid: 'CAx', CallStatus: 'completed' });
    expect(noLeg.statusCode).toBe(400);
    const noParent = await postWebhook(ctx, `/api/twilio/status?${legQuery('+12125550111')}`, {
      CallSid: 'CAx',
      CallStatus: 'completed',
    });
    expect(noParent.statusCode).toBe(400);
  });
});

describe('a number whose owner has no service (billing: docs/billing.md)', () => {
  // Each case its own account and number: a subscription that ended does not come back.
  let lines = 0;
  const line = async () => {
    const user = await newUser(ctx);
    const number = `+1917555014${lines++}`;
    await giveNumber(ctx, user, number, PHONE);
    return { user, number };
  };
  const history = async (user: Subscriber) => (await callHistory(ctx, user)).metadata.total_items;
  // Stripe's 'unpaid' and 'incomplete_expired' never come from the sandbox (nor the Stripe fake): set by hand.
  const setStatus = (status: string) => (user: Subscriber) =>
    ctx.deps.db.update(subscriptions).set({ status }).where(eq(subscriptions.userId, user.id));
  const stops: [string, (user: Subscriber) => Promise<unknown>][] = [
    ['unpaid', setStatus('unpaid')],
    ['canceled', (user) => lapse(ctx.app, user)],
    ['incomplete_expired', setStatus('incomplete_expired')],
  ];

  it.each(stops)(
    'is not in service once the subscription is %s: no <Dial>, a blocked call in the history',
    async (status, stop) => {
      const { user, number } = await line();
      await stop(user);
      const res = await voice('+12125550111', number, `CAstopped-${status}`);
      expect(parseTwiml(res.body).children.map((v) => [v.name, v.text])).toEqual([['Reject', '']]);
      expect((await callHistory(ctx, user)).calls[0]).toMatchObject({
        from_number: '+12125550111',
        status: 'blocked',
        duration: 0,
      });
    },
  );

  it('keeps ringing while a failed payment is retried (past_due)', async () => {
    const { user, number } = await line();
    await failPayment(ctx.app, user);
    expect(verbsOf((await voice('+12125550111', number)).body)).toEqual(['Dial']);
  });

  it('records no call and no minutes from a report of a leg to it', async () => {
    const { user, number } = await line();
    await lapse(ctx.app, user);
    const before = await minutesUsed(ctx, user);
    const recorded = await history(user);
    const call = { sid: 'CAlapsed1', number };
    expect((await forwardLegReport(ctx, call, 'ringing')).statusCode).toBe(204);
    expect((await forwardLegReport(ctx, call, 'completed', 60)).statusCode).toBe(204);
    expect(await history(user)).toBe(recorded);
    expect(await minutesUsed(ctx, user)).toBe(before);
  });

  it('follows a call put through before service stopped to its end, with its minutes', async () => {
    const { user, number } = await line();
    const call = { sid: 'CAlapsed2', number };
    await forwardLegReport(ctx, call, 'ringing');
    await lapse(ctx.app, user);
    await forwardLegReport(ctx, call, 'completed', 90);
    expect((await callHistory(ctx, user)).calls[0]).toMatchObject({ status: 'completed', duration: 90 });
    expect(await minutesUsed(ctx, user)).toBe(2);
  });
});

describe("a trial's last minutes (docs/billing.md: the trial cap)", () => {
  const TRIAL = '+19175550150';
  let trial: Subscriber;
  // Calls talked before, as Twilio reported them.
  const useMinutes = (minutes: number, number = TRIAL) =>
    forwardLegReport(ctx, { sid: `CAused${number}`, number }, 'completed', minutes * 60);
  const timeLimit = async (number = TRIAL) =>
    parseTwiml((await voice('+12125550111', number)).body).children[0].attributes.timeLimit;
  beforeAll(async () => {
    trial = await newUser(ctx);
    await giveNumber(ctx, trial, TRIAL, PHONE);
  });

  it('ends a call when the minutes do, then takes no more calls', async () => {
    await useMinutes(298);
    expect(await timeLimit()).toBe('120');
    const call = { sid: 'CAlast', number: TRIAL };
    await forwardLegReport(ctx, call, 'ringing');
    await forwardLegReport(ctx, call, 'completed', 120);
    expect(await minutesUsed(ctx, trial)).toBe(300);
    expect(verbsOf((await voice('+12125550111', TRIAL)).body)).toEqual(['Reject']);
  });

  it("keeps the trial's limit while its first payment is retried, and lifts it once the account has paid", async () => {
    const retried = await newUser(ctx);
    const number = '+19175550151';
    await giveNumber(ctx, retried, number, PHONE);
    await failPayment(ctx.app, retried);
    await useMinutes(299, number);
    expect(await timeLimit(number)).toBe('60');
    expect(await replaceCard(ctx.app, retried, '4242 4242 4242 4242')).toEqual({}); // the retry is paid
    expect(await timeLimit(number)).toBe('7200');
  });
});
