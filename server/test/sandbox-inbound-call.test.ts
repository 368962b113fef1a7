import { lapse } from './helpers/billing';
import { createTestApp, type TestContext } from './helpers/app';
import { callHistory, minutesUsed } from './helpers/dashboard';
import { giveNumber, newUser, type Subscriber } from './helpers/telephony';
import { parseTwiml } from './helpers/twiml';

// POST /api/sandbox/inbound-call: the sandbox carrier rings our voice webhook, follows the TwiML
// it answers and reports the leg to the owner's phone, as Twilio would. It writes nothing itself.

let ctx: TestContext;
let owner: Subscriber;
const NUMBER = '+19175550100';
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await newUser(ctx);
  await giveNumber(ctx, owner, NUMBER, '+19175559999');
});
afterAll(() => ctx.close());

const inboundCall = (payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/sandbox/inbound-call', payload });

describe('POST /api/sandbox/inbound-call', () => {
  it('carries an answered call through our webhooks and answers the record and our TwiML', async () => {
    const before = await minutesUsed(ctx, owner);
    const res = await inboundCall({ to: NUMBER, from: '+13105550123', duration: 42 });
    expect(res.statusCode).toBe(201);
    const { call, twiml } = res.json();
    expect(call).toEqual({
      id: expect.any(String),
      direction: 'inbound',
      from_number: '+13105550123',
      to_number: NUMBER,
      created_at: expect.any(String),
      duration: 42,
      status: 'completed',
      stage: null,
    });
    const [dial] = parseTwiml(twiml).children;
    expect(dial.attributes).toMatchObject({
      answerOnBridge: 'true',
      timeout: '40',
      callerId: '+13105550123',
    });
    expect((await callHistory(ctx, owner)).calls[0]).toMatchObject({
      id: call.id,
      status: 'completed',
      duration: 42,
    });
    expect(await minutesUsed(ctx, owner)).toBe(before + 1);
    // Twilio bills both legs, each rounded up: the caller's and the owner's, a minute each.
    expect(res.json().billed_minutes).toBe(2);
  });

  it('shows an unanswered call as missed, 0:00, using no minutes', async () => {
    const before = await minutesUsed(ctx, owner);
    const res = await inboundCall({ to: NUMBER, from: '+13105550124', duration: 95, outcome: 'no-answer' });
    expect(res.statusCode).toBe(201);
    expect(res.json().call).toMatchObject({ status: 'no-answer', duration: 0 });
    expect(await minutesUsed(ctx, owner)).toBe(before);
    // The <Dial> action rejects the caller's still unanswered leg: Twilio bills nothing.
    expect(res.json().billed_minutes).toBe(0);
  });

  it('shows a busy phone as such', async () => {
    const res = await inboundCall({ to: NUMBER, from: '+13105550125', duration: 95, outcome: 'busy' });
    expect(res.json().call).toMatchObject({ status: 'busy', duration: 0 });
  });

  it("lets the phone's own voicemail answer (the ring lasts long enough), billed like a call", async () => {
    const before = await minutesUsed(ctx, owner);
    const res = await inboundCall({ to: NUMBER, from: '+13105550126', duration: 20, outcome: 'voicemail' });
    expect(res.json().call).toMatchObject({ status: 'completed', duration: 20 });
    expect(await minutesUsed(ctx, owner)).toBe(before + 1);
  });

  it('announces the call to the owner when asked, and still connects it', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/twilio/number-configuration',
      headers: owner.headers,
      payload: { twilio_number: NUMBER, forwarding_number: '+19175559999', announce_calls: true },
    });
    const res = await inboundCall({ to: NUMBER, from: '+13105550127', duration: 10 });
    expect(parseTwiml(res.json().twiml).children[0].children[0].attributes.url).toBe(
      'http://localhost:3000/api/twilio/whisper',
    );
    expect(res.json().call).toMatchObject({ status: 'completed', duration: 10 });
  });

  it('rings our webhook for a number whose owner has no service: the call is rejected unanswered, billed nothing, recorded as blocked', async () => {
    const lapsed = await newUser(ctx);
    await giveNumber(ctx, lapsed, '+19175550140', '+19175559999');
    await lapse(ctx.app, lapsed);
    const res = await inboundCall({ to: '+19175550140', from: '+13105550128', duration: 60 });
    expect(res.statusCode).toBe(201);
    expect(res.json().call).toMatchObject({ from_number: '+13105550128', status: 'blocked', duration: 0 });
    expect(parseTwiml(res.json().twiml).children.map((v) => [v.name, v.text])).toEqual([['Reject', '']]);
    expect(res.json().billed_minutes).toBe(0);
    const { calls } = await callHistory(ctx, lapsed);
    expect(calls).toEqual([expect.objectContaining({ id: res.json().call.id, status: 'blocked' })]);
  });

  it('answers 404 for a number nobody owns and 400 for bad input', async () => {
    expect((await inboundCall({ to: '+19175550177', from: '+13105550123', duration: 4 })).statusCode).toBe(
      404,
    );
    expect((await inboundCall({ to: NUMBER, from: '+13105550123', duration: -1 })).statusCode).toBe(400);
    expect((await inboundCall({ to: NUMBER, from: 'anonymous', duration: 4 })).statusCode).toBe(400);
    expect(
      (await inboundCall({ to: NUMBER, from: '+13105550123', duration: 4, outcome: 'lost' })).statusCode,
    ).toBe(400);
  });
});

describe('with Twilio configured', () => {
  it('has no sandbox inbound-call route', async () => {
    const twilioCtx = await createTestApp({
      env: { TELEPHONY: 'twilio', TWILIO_ACCOUNT_SID: 'ACtest', TWILIO_AUTH_TOKEN: 'token' },
    });
    try {
      const res = await twilioCtx.app.inject({
        method: 'POST',
        url: '/api/sandbox/inbound-call',
        payload: { to: NUMBER, from: '+13105550123', duration: 4 },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await twilioCtx.close();
    }
  });
});
