import { createTestApp, type TestContext } from './helpers/app';
import { giveNumber, newUser, postWebhook, type Subscriber } from './helpers/telephony';

let ctx: TestContext;
let owner: Subscriber;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await newUser(ctx);
  await giveNumber(ctx, owner, '+19175550100', '+19175559999');
});
afterAll(() => ctx.close());

const history = (user: Subscriber) =>
  ctx.app.inject({ method: 'GET', url: '/api/dashboard/calls', headers: user.headers }).then((r) => r.json());

const inboundStatus = (sid: string, duration: string) => ({
  CallSid: sid,
  AccountSid: 'ACtest',
  CallStatus: 'completed',
  Direction: 'inbound',
  From: '+12125550111',
  To: '+19175550100',
  CallDuration: duration,
});

describe('POST /api/twilio/voice', () => {
  it("forwards a call to the owner's phone, showing the caller's number", async () => {
    const res = await postWebhook(ctx, '/api/twilio/voice', {
      CallSid: 'CAvoice1',
      From: '+12125550111',
      To: '+19175550100',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    expect(res.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Dial callerId="+12125550111">+19175559999</Dial></Response>',
    );
  });

  it('escapes what the caller sent in the TwiML', async () => {
    const res = await postWebhook(ctx, '/api/twilio/voice', { From: '"><Hangup/>&', To: '+19175550100' });
    expect(res.body).toContain('<Dial callerId="&quot;&gt;&lt;Hangup/&gt;&amp;">+19175559999</Dial>');
  });

  it('answers a polite message and hangs up for a number nobody owns', async () => {
    const res = await postWebhook(ctx, '/api/twilio/voice', { From: '+12125550111', To: '+19175550177' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(
      /<Say>Sorry, the number you have called is not in service\. Goodbye\.<\/Say><Hangup\/>/,
    );
  });

  it('refuses a missing or wrong signature with 403', async () => {
    const params = { From: '+12125550111', To: '+19175550100' };
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/twilio/voice',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(params).toString(),
    });
    expect(unsigned.statusCode).toBe(403);
    const wrongKey = await postWebhook(ctx, '/api/twilio/voice', params, 'not-the-secret');
    expect(wrongKey.statusCode).toBe(403);
    expect(wrongKey.body).not.toContain('+19175559999');
  });
});

describe('POST /api/twilio/status', () => {
  it('records an inbound call once, however often the callback is delivered', async () => {
    const first = await postWebhook(ctx, '/api/twilio/status', inboundStatus('CAin1', '75'));
    expect(first.statusCode).toBe(204);
    const again = await postWebhook(ctx, '/api/twilio/status', inboundStatus('CAin1', '75'));
    expect(again.statusCode).toBe(204);
    const { calls, metadata } = await history(owner);
    expect(metadata.total_items).toBe(1);
    expect(calls[0]).toMatchObject({
      direction: 'inbound',
      from_number: '+12125550111',
      to_number: '+19175550100',
      duration: 75,
    });
  });

  it('ignores a call to a number nobody owns', async () => {
    const res = await postWebhook(ctx, '/api/twilio/status', {
      ...inboundStatus('CAin2', '10'),
      To: '+19175550177',
    });
    expect(res.statusCode).toBe(204);
  });

  it('refuses an unsigned callback and records nothing', async () => {
    const before = (await history(owner)).metadata.total_items;
    const res = await postWebhook(ctx, '/api/twilio/status', inboundStatus('CAin3', '10'), 'forged');
    expect(res.statusCode).toBe(403);
    expect((await history(owner)).metadata.total_items).toBe(before);
  });

  it('answers 400 to a signed callback without a call id', async () => {
    const { CallSid: _, ...params } = inboundStatus('x', '1');
    expect((await postWebhook(ctx, '/api/twilio/status', params)).statusCode).toBe(400);
  });
});

describe('POST /api/sandbox/inbound-call', () => {
  it("records a simulated call in the owner's history", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/sandbox/inbound-call',
      payload: { to: '+19175550100', from: '+13105550123', duration: 42 },
    });
    expect(res.statusCode).toBe(201);
    expect((await history(owner)).calls[0]).toMatchObject({
      direction: 'inbound',
      from_number: '+13105550123',
      duration: 42,
    });
  });

  it('answers 404 for a number nobody owns and 400 for bad input', async () => {
    const call = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/sandbox/inbound-call', payload });
    expect((await call({ to: '+19175550177', from: '+13105550123', duration: 4 })).statusCode).toBe(404);
    expect((await call({ to: '+19175550100', from: '+13105550123', duration: -1 })).statusCode).toBe(400);
    expect((await call({ to: '+19175550100', from: 'anonymous', duration: 4 })).statusCode).toBe(400);
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
        payload: { to: '+19175550100', from: '+13105550123', duration: 4 },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await twilioCtx.close();
    }
  });
});
