import { eq, sql } from 'drizzle-orm';
import { phoneNumbers } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { giveNumber, newUser, type Subscriber } from './helpers/telephony';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const purchase = (user: Subscriber, number: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/twilio/purchase-number',
    headers: user.headers,
    payload: { twilio_number: number },
  });

const configure = (user: Subscriber, number: string, forwarding: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/twilio/number-configuration',
    headers: user.headers,
    payload: { twilio_number: number, forwarding_number: forwarding },
  });

const rowsFor = (number: string) =>
  ctx.deps.db.select().from(phoneNumbers).where(eq(phoneNumbers.phoneNumber, number));

// The provider's sid for a number it holds (the sandbox carrier's own list), or undefined.
const heldByProvider = async (number: string) =>
  (await ctx.deps.telephony.listNumbers()).find((n) => n.phoneNumber === number)?.sid;

const phoneNumberOf = async (user: Subscriber) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/dashboard/phone-number', headers: user.headers })).json();

describe('POST /api/twilio/purchase-number', () => {
  it('buys the number for the account', async () => {
    const user = await newUser(ctx);
    const res = await purchase(user, '+13035550100');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      phone_number: {
        phone_number: '+13035550100',
        forwarding_number: '',
        announce_calls: false,
        email_texts: true,
        held_until: null,
      },
    });
    const [row] = await rowsFor('+13035550100');
    expect(await heldByProvider('+13035550100')).toBe(row.providerSid);
  });

  // The search refuses these area codes; a client can still ask to buy any number, so the purchase does too.
  it.each([
    ['+18005550100', '800 is a toll-free code; Forwardly has local US numbers only.'],
    ['+18885550100', '888 is a toll-free code; Forwardly has local US numbers only.'],
    ['+19005550100', '900 is a premium-rate code; Forwardly has local US numbers only.'],
    ['+18765550100', 'Area code 876 is in Jamaica; Forwardly has US numbers only.'],
  ])('refuses to buy %s (400), and buys nothing', async (number, message) => {
    const user = await newUser(ctx);
    const res = await purchase(user, number);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message });
    expect(await rowsFor(number)).toEqual([]);
    expect(await heldByProvider(number)).toBeUndefined();
    expect(await phoneNumberOf(user)).toEqual({});
  });

  it('answers the same number again without buying it twice, even for concurrent requests', async () => {
    const user = await newUser(ctx);
    const answers = await Promise.all([purchase(user, '+13035550101'), purchase(user, '+13035550101')]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await purchase(user, '+13035550101')).statusCode).toBe(200);
    expect(await rowsFor('+13035550101')).toHaveLength(1);
  });

  it('keeps one number per account: 409 for a second, different number', async () => {
    const user = await newUser(ctx);
    await giveNumber(ctx, user, '+13035550102');
    const res = await purchase(user, '+13035550103');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('number_exists');
    expect(await rowsFor('+13035550103')).toHaveLength(0);
  });

  it("answers 409 for another account's number, also when both race for it", async () => {
    const [a, b] = await Promise.all([newUser(ctx), newUser(ctx)]);
    const [ra, rb] = await Promise.all([purchase(a, '+13035550104'), purchase(b, '+13035550104')]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    expect(await rowsFor('+13035550104')).toHaveLength(1);
  });

  it('answers 409 "just taken" and keeps nothing when the carrier has sold the number to someone else (21422)', async () => {
    const user = await newUser(ctx);
    // Sold at the carrier already (to another of its customers).
    await ctx.deps.telephony.purchaseNumber('+13035550107', {
      voiceUrl: 'http://elsewhere.test/voice',
      voiceFallbackUrl: 'http://elsewhere.test/fallback',
      smsUrl: 'http://elsewhere.test/sms',
    });
    const res = await purchase(user, '+13035550107');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'number_unavailable',
      message: 'This number has just been taken. Please choose another one.',
    });
    expect(await rowsFor('+13035550107')).toHaveLength(0);
    expect(await phoneNumberOf(user)).toEqual({});
  });

  it('gives the number back to the provider when recording it fails after the purchase', async () => {
    const user = await newUser(ctx);
    // The database refuses to record the purchase (as a failed commit would).
    await ctx.deps.db.execute(sql`
      create function refuse_confirm() returns trigger language plpgsql as $$
      begin
        if new.phone_number = '+13035550108' and new.provider_sid is not null then
          raise exception 'the database is unavailable';
        end if;
        return new;
      end $$`);
    await ctx.deps.db.execute(
      sql`create trigger refuse_confirm before update on phone_numbers for each row execute function refuse_confirm()`,
    );
    try {
      const res = await purchase(user, '+13035550108');
      expect(res.statusCode).toBe(502);
      expect(await heldByProvider('+13035550108')).toBeUndefined();
      expect(await rowsFor('+13035550108')).toHaveLength(0);
      expect(await phoneNumberOf(user)).toEqual({});
    } finally {
      await ctx.deps.db.execute(sql`drop trigger refuse_confirm on phone_numbers`);
      await ctx.deps.db.execute(sql`drop function refuse_confirm`);
    }
    // Nothing is left in the way of trying again.
    expect((await purchase(user, '+13035550108')).statusCode).toBe(200);
  });

  it('needs a live subscription (403) and a signed-in user (401)', async () => {
    const user = await newUser(ctx, { subscribed: false });
    const res = await purchase(user, '+13035550105');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('subscription_required');
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/twilio/purchase-number',
      payload: { twilio_number: '+13035550105' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await rowsFor('+13035550105')).toHaveLength(0);
  });

  it.each(['3035550106', '+1303555010', '+10035550106', '+13031550106', '+443035550106'])(
    'rejects %p with 400',
    async (number) => {
      const user = await newUser(ctx);
      const res = await purchase(user, number);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'bad_request', message: expect.any(String) });
    },
  );
});

describe('POST /api/twilio/number-configuration', () => {
  it('sets and changes the forwarding number', async () => {
    const user = await newUser(ctx);
    await giveNumber(ctx, user, '+13035550110');
    const first = await configure(user, '+13035550110', '+17205550123');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      phone_number: {
        phone_number: '+13035550110',
        forwarding_number: '+17205550123',
        announce_calls: false,
        email_texts: true,
        held_until: null,
      },
    });
    const second = await configure(user, '+13035550110', '+17205550124');
    expect(second.json().phone_number.forwarding_number).toBe('+17205550124');
  });

  it("answers 404 for another account's number and leaves it unchanged", async () => {
    const [owner, other] = await Promise.all([newUser(ctx), newUser(ctx)]);
    await giveNumber(ctx, owner, '+13035550111', '+17205550125');
    const res = await configure(other, '+13035550111', '+17205550999');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).not.toContain('7205550125');
    const [row] = await rowsFor('+13035550111');
    expect(row.forwardingNumber).toBe('+17205550125');
  });

  it('rejects a forwarding number that is not a US number, or the business number itself', async () => {
    const user = await newUser(ctx);
    await giveNumber(ctx, user, '+13035550112');
    for (const forwarding of ['7205550125', '+447911123456', '+1720555012', '+13035550112']) {
      const res = await configure(user, '+13035550112', forwarding);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('bad_request');
    }
  });

  it('needs a live subscription', async () => {
    const user = await newUser(ctx, { subscribed: false });
    expect((await configure(user, '+13035550113', '+17205550125')).statusCode).toBe(403);
  });
});
