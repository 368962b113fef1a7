import type { TestContext } from './helpers/app';
import { fakeAccount, held, requestsTo, TOKEN } from './helpers/fake-twilio';
import { newUser, postWebhook, type Subscriber } from './helpers/telephony';
import { parseTwiml } from './helpers/twiml';
import { createTwilioTestApp } from './helpers/twilio-app';

// The Twilio SDK's real HTTPS requests, answered by msw like the Twilio REST API (helpers/fake-twilio.ts).

let ctx: TestContext;
let user: Subscriber;

beforeAll(async () => {
  ctx = await createTwilioTestApp();
  user = await newUser(ctx);
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, who = user) =>
  ctx.app.inject({ method: 'POST', url, headers: who.headers, payload });
const get = (url: string, who = user) => ctx.app.inject({ method: 'GET', url, headers: who.headers });

describe('the Twilio provider', () => {
  it('warns at start-up when the account is a trial account, and not once upgraded', async () => {
    fakeAccount.type = 'Trial';
    expect(await ctx.deps.telephony.setupWarnings()).toEqual([
      expect.stringMatching(/^The Twilio account is a trial account: it can only call verified numbers/),
    ]);
    fakeAccount.type = 'Full';
    expect(await ctx.deps.telephony.setupWarnings()).toEqual([]);
  });

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

  it("searches the area code's state when the area code has no numbers left", async () => {
    const res = await get('/api/twilio/search-numbers?area_code=205');
    expect(res.json()).toMatchObject({ exact_match: false, area_code: '205', count: 2 });
    expect(res.json().available_numbers[0].phone_number).toBe('+12565550150');
    // Twilio is asked by region (205 is Alabama's), not near a number that may not exist.
    expect(requestsTo('/Local.json').at(-1)?.query).toEqual({
      InRegion: 'AL',
      VoiceEnabled: 'true',
      PageSize: '20',
    });
  });

  it('answers 409 "just taken" and records nothing when Twilio will not sell the number (21422)', async () => {
    const res = await post('/api/twilio/purchase-number', { twilio_number: '+14155550199' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'number_unavailable',
      message: 'This number has just been taken. Please choose another one.',
    });
    expect((await get('/api/dashboard/phone-number')).json()).toEqual({});
  });

  it('buys a number once, pointed at our voice webhook, even for concurrent requests', async () => {
    const before = requestsTo('/IncomingPhoneNumbers.json').length;
    const answers = await Promise.all([
      post('/api/twilio/purchase-number', { twilio_number: '+14155550100' }),
      post('/api/twilio/purchase-number', { twilio_number: '+14155550100' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const purchases = requestsTo('/IncomingPhoneNumbers.json')
      .slice(before)
      .filter((r) => r.method === 'POST');
    expect(purchases).toHaveLength(1);
    // Until a phone is set, our fallback (hosted by Twilio) apologises while we are down.
    expect(purchases[0].form).toEqual({
      PhoneNumber: '+14155550100',
      VoiceUrl: 'http://localhost:3000/api/twilio/voice',
      VoiceMethod: 'POST',
      VoiceFallbackUrl: expect.stringMatching(/^https:\/\/twimlets\.com\/message\?Message%5B0%5D=Sorry/),
      VoiceFallbackMethod: 'POST',
      // Texts to the number are kept for its owner, not dropped.
      SmsUrl: 'http://localhost:3000/api/twilio/sms',
      SmsMethod: 'POST',
    });
  });

  it("re-points the number's webhooks when the forwarding number is set", async () => {
    const res = await post('/api/twilio/number-configuration', {
      twilio_number: '+14155550100',
      forwarding_number: '+16505550123',
    });
    expect(res.statusCode).toBe(200);
    const [sid] = [...held.keys()];
    const update = requestsTo(`/IncomingPhoneNumbers/${sid}.json`).at(-1);
    // Status reports are asked for per call: a per-number callback left from before is cleared.
    // While we are down, Twilio's own forwarding Twimlet still rings the owner's phone.
    expect(update?.form).toEqual({
      VoiceUrl: 'http://localhost:3000/api/twilio/voice',
      VoiceMethod: 'POST',
      VoiceFallbackUrl: 'https://twimlets.com/forward?PhoneNumber=%2B16505550123',
      VoiceFallbackMethod: 'POST',
      SmsUrl: 'http://localhost:3000/api/twilio/sms',
      SmsMethod: 'POST',
      StatusCallback: '',
    });
  });

  let callId: string;
  it('rings the forwarding phone from the virtual number, with the "press 1" prompt and every step reported', async () => {
    const res = await post('/api/twilio/create-call', {
      from_number: '+14155550100',
      forwarding_number: '+16505550123',
      recipient: '+12025550143',
    });
    expect(res.statusCode).toBe(201);
    callId = res.json().call.id;
    const { form, all } = requestsTo('/Calls.json').at(-1)!;
    expect(form).toMatchObject({
      To: '+16505550123',
      From: '+14155550100',
      StatusCallback: `http://localhost:3000/api/twilio/status?leg=user&call=${callId}#rc=3&rp=ct,rt,5xx`,
      StatusCallbackMethod: 'POST',
      Timeout: '15',
      TimeLimit: '7200',
    });
    expect(all.StatusCallbackEvent).toEqual(['initiated', 'ringing', 'answered', 'completed']);
    const [gather] = parseTwiml(form.Twiml).children;
    expect(gather).toEqual({
      name: 'Gather',
      attributes: {
        numDigits: '1',
        timeout: '10',
        actionOnEmptyResult: 'true',
        action: `http://localhost:3000/api/twilio/key-pressed?call=${callId}#rc=3&rp=ct,rt,5xx`,
      },
      children: [
        {
          name: 'Say',
          attributes: {},
          children: [],
          text: 'You are calling 2 0 2, 5 5 5, 0 1 4 3. Press 1 to connect, or hang up to cancel.',
        },
      ],
      text: '',
    });
  });

  it('records the outcome from the signed reports, once', async () => {
    const status = (leg: string, params: Record<string, string>, token = TOKEN) =>
      postWebhook(ctx, `/api/twilio/status?leg=${leg}&call=${callId}`, params, token);
    const answered = { CallSid: 'CAparent', CallStatus: 'in-progress', Direction: 'outbound-api' };
    expect((await status('user', answered, 'wrong-token')).statusCode).toBe(403);
    expect((await status('user', answered)).statusCode).toBe(204);
    const pressed = await postWebhook(
      ctx,
      `/api/twilio/key-pressed?call=${callId}`,
      { CallSid: 'CAparent', Digits: '1' },
      TOKEN,
    );
    expect(parseTwiml(pressed.body).children[0].name).toBe('Dial');
    const ended = {
      CallSid: 'CAchild',
      ParentCallSid: 'CAparent',
      CallStatus: 'completed',
      CallDuration: '95',
    };
    expect((await status('recipient', ended)).statusCode).toBe(204);
    expect((await status('recipient', ended)).statusCode).toBe(204);
    const { calls, metadata } = (await get('/api/dashboard/calls')).json();
    expect(metadata.total_items).toBe(1);
    expect(calls[0]).toMatchObject({
      direction: 'outbound',
      to_number: '+12025550143',
      duration: 95,
      status: 'completed',
    });
    expect((await get('/api/dashboard/usage')).json().minutes_used).toBe(2);
  });

  it('answers 502 and records no call when Twilio cannot start it', async () => {
    // Forwards the number to `phone`, then calls through it.
    const callVia = async (phone: string) => {
      await post('/api/twilio/number-configuration', {
        twilio_number: '+14155550100',
        forwarding_number: phone,
      });
      return post('/api/twilio/create-call', {
        from_number: '+14155550100',
        forwarding_number: phone,
        recipient: '+12025550143',
      });
    };
    expect((await callVia('+14155559000')).statusCode).toBe(502);
    expect((await get('/api/dashboard/calls')).json().metadata.total_items).toBe(1);
    // The refused call holds no slot: the next one starts.
    expect((await callVia('+16505550123')).statusCode).toBe(201);
  });
});
