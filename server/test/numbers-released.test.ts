import { eq, sql } from 'drizzle-orm';
import { phoneNumbers } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { giveNumber, newUser, type Subscriber } from './helpers/telephony';

// After the release job gives a number back, it is nobody's: its old owner can buy another one,
// and anyone can buy it again.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

// What the release job does: give the number back to the provider, then mark it released.
const release = async (number: string) => {
  const [row] = await ctx.deps.db
    .update(phoneNumbers)
    .set({ releasedAt: sql`now()` })
    .where(eq(phoneNumbers.phoneNumber, number))
    .returning();
  await ctx.deps.telephony.releaseNumber(row.providerSid!);
};

const phoneNumberOf = async (user: Subscriber) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/dashboard/phone-number', headers: user.headers })).json();

const buy = (user: Subscriber, number: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/twilio/purchase-number',
    headers: user.headers,
    payload: { twilio_number: number },
  });

it('a released number leaves its account, which can then buy a new one', async () => {
  const alice = await newUser(ctx);
  await giveNumber(ctx, alice, '+13035550100', '+16505550123');
  await release('+13035550100');

  expect(await phoneNumberOf(alice)).toEqual({});
  const bought = await buy(alice, '+13035550101');
  expect(bought.statusCode).toBe(200);
  expect(await phoneNumberOf(alice)).toEqual({
    phone_number: {
      phone_number: '+13035550101',
      forwarding_number: '',
      announce_calls: false,
      email_texts: true,
      held_until: null,
    },
  });
});

it('a released number is offered again and another account can buy it', async () => {
  const bob = await newUser(ctx);
  const carol = await newUser(ctx);
  await giveNumber(ctx, bob, '+17205550100');
  await release('+17205550100');

  const search = await ctx.app.inject({ method: 'GET', url: '/api/twilio/search-numbers?area_code=720' });
  const offered = search.json().available_numbers.map((n: { phone_number: string }) => n.phone_number);
  expect(offered).toContain('+17205550100');

  expect((await buy(carol, '+17205550100')).statusCode).toBe(200);
  expect(await phoneNumberOf(carol)).toMatchObject({ phone_number: { phone_number: '+17205550100' } });
  expect(await phoneNumberOf(bob)).toEqual({});
});
