import { eq } from 'drizzle-orm';
import { phoneNumbers } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { giveNumber, newUser, postWebhook, type Subscriber } from './helpers/telephony';

// The destination policy (rules/destinations.ts; its own cases are rules/destinations.test.ts) where
// numbers are configured, called and dialled.

describe('on the API', () => {
  let ctx: TestContext;
  let owner: Subscriber;
  let other: Subscriber;
  beforeAll(async () => {
    ctx = await createTestApp();
    owner = await newUser(ctx);
    other = await newUser(ctx);
    await giveNumber(ctx, owner, '+12125550170', '+13125550171');
    await giveNumber(ctx, other, '+14155550170', '+16505550171');
  });
  afterAll(() => ctx.close());

  const configure = (user: Subscriber, forwarding: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/twilio/number-configuration',
      headers: user.headers,
      payload: { twilio_number: '+12125550170', forwarding_number: forwarding },
    });
  const call = (recipient: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/twilio/create-call',
      headers: owner.headers,
      payload: { from_number: '+12125550170', forwarding_number: '+13125550171', recipient },
    });
  const forwardingOf = async (number: string) =>
    (await ctx.deps.db.select().from(phoneNumbers).where(eq(phoneNumbers.phoneNumber, number)))[0]
      .forwardingNumber;

  it('refuses a Caribbean forwarding number with a sentence naming the country, and keeps the old one', async () => {
    const res = await configure(owner, '+18765550123');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: '+1 876 numbers are in Jamaica; Forwardly calls and forwards to US numbers only.',
    });
    expect(await forwardingOf('+12125550170')).toBe('+13125550171');
  });

  it("refuses another account's virtual number as the forwarding number (calls could loop)", async () => {
    const res = await configure(owner, '+14155550170');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^This is a Forwardly business number/);
  });

  it('refuses a non-E.164 forwarding number with a sentence', async () => {
    const res = await configure(owner, '4155550170');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The forwarding_number field must be a phone number in E.164 form, such as +15125550100.',
    );
  });

  it.each([
    ['+18095550143', /Dominican Republic/],
    ['+13129761234', /976 exchange/],
    ['+14155550170', /Forwardly business number/],
    ['+442071234567', /International numbers/],
  ])('refuses to call %s', async (recipient, message) => {
    const res = await call(recipient);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('refuses to search the area codes of other NANP countries, by name', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/twilio/search-numbers?area_code=876' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Area code 876 is in Jamaica; Forwardly has US numbers only.');
  });

  it('never dials a forwarding number the policy refuses, even one stored before it existed', async () => {
    await ctx.deps.db
      .update(phoneNumbers)
      .set({ forwardingNumber: '+12845550199' })
      .where(eq(phoneNumbers.phoneNumber, '+14155550170'));
    const res = await postWebhook(ctx, '/api/twilio/voice', {
      CallSid: 'CAdest4155550170',
      To: '+14155550170',
      From: '+12125550111',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<Dial');
    expect(res.body).toContain('<Reject reason="rejected"/>');
  });

  it('dials an allowed forwarding number as before', async () => {
    const res = await postWebhook(ctx, '/api/twilio/voice', {
      CallSid: 'CAdest2125550170',
      To: '+12125550170',
      From: '+12125550111',
    });
    expect(res.body).toContain('<Dial');
    expect(res.body).toContain('>+13125550171</Number>');
  });

  it('never dials a forwarding number that is one of our numbers in service, stored before it was', async () => {
    const forwardTo = (number: string) =>
      ctx.deps.db
        .update(phoneNumbers)
        .set({ forwardingNumber: number })
        .where(eq(phoneNumbers.phoneNumber, '+12125550170'));
    await forwardTo('+14155550170');
    const res = await postWebhook(ctx, '/api/twilio/voice', {
      CallSid: 'CAdest2125550170',
      To: '+12125550170',
      From: '+12125550111',
    });
    expect(res.body).not.toContain('<Dial');
    expect(res.body).toContain('<Reject reason="rejected"/>');
    // Released, it is no longer ours: the call is forwarded.
    await ctx.deps.db
      .update(phoneNumbers)
      .set({ releasedAt: new Date() })
      .where(eq(phoneNumbers.phoneNumber, '+14155550170'));
    const after = await postWebhook(ctx, '/api/twilio/voice', {
      CallSid: 'CAdest2125550170',
      To: '+12125550170',
      From: '+12125550111',
    });
    expect(after.body).toContain('>+14155550170</Number>');
    await forwardTo('+13125550171');
  });
});
