import { createTestApp, type TestContext } from './helpers/app';
import { ACCOUNT, requestsTo, TOKEN, twilioApi } from './helpers/fake-twilio';
import { newUser, postWebhook, type Subscriber } from './helpers/telephony';

// The Twilio SDK's real HTTPS requests, answered by msw like the Twilio REST API (helpers/fake-twilio.ts).

let ctx: TestContext;
let user: Subscriber;

beforeAll(async () => {
  twilioApi.listen({ onUnhandledRequest: 'error' });
  ctx = await createTestApp({
    env: { TELEPHONY: 'twilio', TWILIO_ACCOUNT_SID: ACCOUNT, TWILIO_AUTH_TOKEN: TOKEN },
  });
  user = await newUser(ctx);
});
afterAll(async () => {
  twilioApi.close();
  await ctx.close();
});

const post = (url: string, payload: object, who = user) =>
  ctx.app.inject({ method: 'POST', url, headers: who.headers, payload });
const get = (url: string, who = user) => ctx.app.inject({ method: 'GET', url, headers: who.headers });

describe('the Twilio provider', () => {
  it('searches local voice numbers by area code', async () => {
    const res = await get('/api/twilio/search-numbers?area_code=415');
    expect(res.json()).toEqual({
      count: 2,
      exact_match: true,
      area_code: '415',
      available_numbers: [
        { phone_number: '+14155550100', friendly_name: '(415) 555-0100' },
        { phone_number: '+14155550101', friendly_name: '(415) 555-0101' },
      ],
    });
    expect(requestsTo('/Local.json').at(-1)?.query).toMatchObject({ AreaCode: '415', VoiceEnabled: 'true' });
  });

  it('searches near the area code when it has no numbers left', async () => {
    const res = await get('/api/twilio/search-numbers?area_code=205');
    expect(res.json()).toMatchObject({ exact_match: false, area_code: '205', count: 2 });
    expect(res.json().available_numbers[0].phone_number).toBe('+12565550150');
    expect(requestsTo('/Local.json').at(-1)?.query).toMatchObject({ NearNumber: '+12052000000' });
  });

  it('answers 502 and records nothing when Twilio refuses a purchase', async () => {
    const res = await post('/api/twilio/purchase-number', { twilio_number: '+14155550199' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'provider_error', message: expect.stringMatching(/phone provider/) });
    expect((await get('/api/dashboard/phone-number')).json()).toEqual({});
  });

  it('buys a number once, with our voice and status webhooks, even for concurrent requests', async () => {
    const before = requestsTo('/IncomingPhoneNumbers.json').length;
    const answers = await Promise.all([
      post('/api/twilio/purchase-number', { twilio_number: '+14155550100' }),
      post('/api/twilio/purchase-number', { twilio_number: '+14155550100' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const purchases = requestsTo('/IncomingPhoneNumbers.json').slice(before);
    expect(purchases).toHaveLength(1);
    expect(purchases[0].form).toEqual({
      PhoneNumber: '+14155550100',
      VoiceUrl: 'http://localhost:3000/api/twilio/voice',
      VoiceMethod: 'POST',
      StatusCallback: 'http://localhost:3000/api/twilio/status',
      StatusCallbackMethod: 'POST',
    });
  });

  it("re-points the number's webhooks when the forwarding number is set", async () => {
    const res = await post('/api/twilio/number-configuration', {
      twilio_number: '+14155550100',
      forwarding_number: '+16505550123',
    });
    expect(res.statusCode).toBe(200);
    const update = requestsTo('/IncomingPhoneNumbers/PN0001.json').at(-1);
    expect(update?.form).toMatchObject({ VoiceUrl: 'http://localhost:3000/api/twilio/voice' });
  });

  it('rings the forwarding phone from the virtual number, then dials the recipient as the virtual number', async () => {
    const res = await post('/api/twilio/create-call', {
      from_number: '+14155550100',
      forwarding_number: '+16505550123',
      recipient: '+12025550143',
    });
    expect(res.statusCode).toBe(201);
    expect(requestsTo('/Calls.json').at(-1)?.form).toEqual({
      To: '+16505550123',
      From: '+14155550100',
      Twiml:
        '<?xml version="1.0" encoding="UTF-8"?><Response><Dial callerId="+14155550100">+12025550143</Dial></Response>',
      StatusCallback: 'http://localhost:3000/api/twilio/status',
      StatusCallbackMethod: 'POST',
    });
  });

  it('records the outcome from the signed status callback, once', async () => {
    const params = {
      CallSid: 'CA0001',
      CallStatus: 'completed',
      Direction: 'outbound-api',
      From: '+14155550100',
      To: '+16505550123',
      CallDuration: '95',
    };
    expect((await postWebhook(ctx, '/api/twilio/status', params, 'wrong-token')).statusCode).toBe(403);
    expect((await postWebhook(ctx, '/api/twilio/status', params, TOKEN)).statusCode).toBe(204);
    expect((await postWebhook(ctx, '/api/twilio/status', params, TOKEN)).statusCode).toBe(204);
    const { calls, metadata } = (await get('/api/dashboard/calls')).json();
    expect(metadata.total_items).toBe(1);
    expect(calls[0]).toMatchObject({ direction: 'outbound', to_number: '+12025550143', duration: 95 });
    expect((await get('/api/dashboard/usage')).json().minutes_used).toBe(2);
  });

  it('answers 502 and records no call when Twilio cannot start it', async () => {
    await post('/api/twilio/number-configuration', {
      twilio_number: '+14155550100',
      forwarding_number: '+14155559000',
    });
    const res = await post('/api/twilio/create-call', {
      from_number: '+14155550100',
      forwarding_number: '+14155559000',
      recipient: '+12025550143',
    });
    expect(res.statusCode).toBe(502);
    expect((await get('/api/dashboard/calls')).json().metadata.total_items).toBe(1);
  });
});
