import { eq, sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import { buildApp } from '../src/app';
import { runBillingTasks } from '../src/billing/work';
import { subscriptions } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { failPayment, lapse, payNow, replaceCard, sandboxInvoices } from './helpers/billing';
import { callHistory, minutesUsed } from './helpers/dashboard';
import { openCallEvents } from './helpers/event-stream';
import { readOutbox } from './helpers/outbox';
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

  it("tell the owner's open history of a call that a first report only recorded", async () => {
    const mine = await openCallEvents(
      await ctx.app.listen({ port: 0, host: '127.0.0.1' }),
      owner.headers.authorization,
    );
    try {
      // Twilio's "initiated" records the call (queued) and moves it no further.
      const first = { sid: 'CAinitiated', number: NUMBER, caller: '+13125550166' };
      expect((await forwardLegReport(ctx, first, 'initiated')).statusCode).toBe(204);
      const recorded = (await callHistory(ctx, owner)).calls.find(
        (c: { from_number: string }) => c.from_number === first.caller,
      );
      expect(recorded).toMatchObject({ direction: 'inbound', status: 'queued', duration: 0 });
      // Another call's report then: the history hears of the first call before it.
      const second = { sid: 'CAafterInitiated', number: NUMBER, caller: '+13125550167' };
      await forwardLegReport(ctx, second, 'ringing');
      const [next] = (await callHistory(ctx, owner)).calls;
      expect(next.from_number).toBe(second.caller);
      expect(await mine.next()).toEqual({ event: 'call', data: JSON.stringify({ id: recorded.id }) });
      expect(await mine.next()).toEqual({ event: 'call', data: JSON.stringify({ id: next.id }) });
    } finally {
      await mine.close();
    }
    // The node sees the stream closed; then the client's connection, kept alive after it, is let go
    // (closing the app would otherwise wait for its keep-alive timeout, 72 s).
    const streamsOpen = async () => {
      const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics' });
      return Number(/^forwardly_call_event_streams (\d+)$/m.exec(metrics.body)?.[1]);
    };
    for (const deadline = Date.now() + 5000; (await streamsOpen()) !== 0;) {
      if (Date.now() > deadline) throw new Error('the closed stream is still open');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    ctx.app.server.closeAllConnections();
  });

  it('date a call first heard of by its end report at its end less its talk time', async () => {
    const call = { sid: 'CAendFirst', number: NUMBER, caller: '+13125550168' };
    const before = Date.now();
    await forwardLegReport(ctx, call, 'completed', 600);
    const after = Date.now();
    const mine = (await callHistory(ctx, owner)).calls.find(
      (c: { from_number: string }) => c.from_number === call.caller,
    );
    expect(mine).toMatchObject({ status: 'completed', duration: 600 });
    const startedAt = Date.parse(mine.created_at);
    expect(startedAt).toBeGreaterThanOrEqual(before - 600_000);
    expect(startedAt).toBeLessThanOrEqual(after - 600_000);
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

  it("holds a ringing call's minutes aside until its end, then gives back what it did not use", async () => {
    const held = await newUser(ctx);
    const number = '+19175550152';
    await giveNumber(ctx, held, number, PHONE);
    await useMinutes(298, number);
    const ring = (sid: string) =>
      voice('+12125550111', number, sid).then((res) => parseTwiml(res.body).children[0]);
    expect((await ring('CAheld1')).attributes.timeLimit).toBe('120');
    // Its reports while it rings and talks keep its 2 minutes set aside: another call gets none.
    await forwardLegReport(ctx, { sid: 'CAheld1', number }, 'ringing');
    expect((await ring('CAheld2')).name).toBe('Reject');
    await forwardLegReport(ctx, { sid: 'CAheld1', number }, 'in-progress');
    expect((await ring('CAheld3')).name).toBe('Reject');
    // It ends after 50 s (1 minute): the minute it did not use is free again.
    await forwardLegReport(ctx, { sid: 'CAheld1', number }, 'completed', 50);
    expect(await minutesUsed(ctx, held)).toBe(299);
    expect((await ring('CAheld4')).attributes.timeLimit).toBe('60');
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

describe("a paid account's extra minutes (docs/billing.md: usage)", () => {
  let lines = 0;
  const paidLine = async () => {
    const user = await newUser(ctx);
    await payNow(ctx.app, user);
    const number = `+1917555016${lines++}`;
    await giveNumber(ctx, user, number, PHONE);
    return { user, number };
  };

  it('reach billing once a call ends: the extra minutes charged at $10, the usage email sent', async () => {
    const { user, number } = await paidLine();
    const invoicesBefore = await sandboxInvoices(ctx.app, user);
    // A call of 601 minutes (this month's: it rang now), 501 past the 100 included: $10.02.
    await forwardLegReport(ctx, { sid: 'CAextra1', number }, 'ringing');
    await forwardLegReport(ctx, { sid: 'CAextra1', number }, 'completed', 601 * 60);
    expect(await minutesUsed(ctx, user)).toBe(601);
    // Billing's work runs after the webhook's answer.
    await runBillingTasks(ctx.deps, ctx.app.log);
    const invoices = await sandboxInvoices(ctx.app, user);
    expect(invoices).toHaveLength(invoicesBefore.length + 1);
    const month = new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(invoices).toContainEqual(
      expect.objectContaining({
        description: `Extra minutes: 501 in ${month}`,
        amount_cents: 1002,
        status: 'paid',
      }),
    );
    expect(
      readOutbox(ctx.deps.config.dataDir)
        .filter((m) => m.to === user.email && m.subject.includes('included minutes'))
        .map((m) => m.subject),
    ).toEqual([`You have used your 100 included minutes for ${month}`]);
  });

  // Last in the file: the app built here takes over the sandbox carrier, and is closed after.
  it("log billing's failure to take the report for the operator, and still record the call", async () => {
    const { user, number } = await paidLine();
    const logLines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    const logged = await buildApp(ctx.deps, { logger: { level: 'error', stream } });
    // The account's billing work so far is done; a call of 101 minutes rings (this month's call).
    await runBillingTasks(ctx.deps, ctx.app.log);
    await forwardLegReport(ctx, { sid: 'CAextra2', number }, 'ringing');
    // Billing's report is written down after the call's transaction: the database refuses it.
    await ctx.deps.db.execute(sql`
      create function refuse_billing_task() returns trigger language plpgsql as $$
      begin
        raise exception 'billing_tasks refused by the test';
      end $$`);
    await ctx.deps.db.execute(
      sql`create trigger refuse_billing_task before insert on billing_tasks for each row execute function refuse_billing_task()`,
    );
    try {
      const res = await forwardLegReport(
        { ...ctx, app: logged },
        { sid: 'CAextra2', number },
        'completed',
        101 * 60,
      );
      expect(res.statusCode).toBe(204);
      expect((await callHistory(ctx, user)).calls).toEqual([
        expect.objectContaining({ status: 'completed', duration: 101 * 60 }),
      ]);
      expect(await minutesUsed(ctx, user)).toBe(101);
      const entries = logLines
        .join('')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(entries).toContainEqual(
        expect.objectContaining({
          level: 50,
          msg: 'usage could not be reported to billing',
          userId: user.id,
          err: expect.objectContaining({
            cause: expect.objectContaining({ message: 'billing_tasks refused by the test' }),
          }),
        }),
      );
    } finally {
      await ctx.deps.db.execute(sql`drop trigger refuse_billing_task on billing_tasks`);
      await ctx.deps.db.execute(sql`drop function refuse_billing_task()`);
      await logged.close();
    }
  });
});
