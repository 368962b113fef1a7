import { eq } from 'drizzle-orm';
import { usageCharges, usageMonths } from '../src/db/schema';
import { monthOf } from '../src/usage/months';
import { runBillingTasks } from '../src/billing/work';
import { stripeDriver, type BillingDriver } from './billing/driver';
import { callHistory } from './helpers/dashboard';
import { giveNumber, newUser, postWebhook } from './helpers/telephony';

// A call's end reaches billing (the $10 rule) from Twilio's webhooks, which answer before billing
// works. When Stripe fails there, the call is still recorded and whoever is on the line still gets
// their TwiML: billing retries later.

let d: BillingDriver;
beforeAll(async () => {
  d = await stripeDriver();
});
afterAll(() => d.close());

const NUMBER = '+19175550142';

it('answers the <Dial> action and keeps the call when Stripe fails at the $10 threshold', async () => {
  const user = await newUser(d.ctx, { subscribed: false });
  await (await d.openCheckout(user)).complete();
  await d.advanceDays(user, 15);
  await giveNumber(d.ctx, user, NUMBER, '+19175559999');
  await d.ctx.deps.db
    .insert(usageMonths)
    .values({ userId: user.id, month: monthOf(new Date()), seconds: 599 * 60, minutes: 599 });

  d.fake!.failNext('POST', /^\/v1\/invoices$/);
  const caller = '+13125550123';
  const query = new URLSearchParams({ leg: 'forward', caller, number: NUMBER });
  const ended = await postWebhook(d.ctx, `/api/twilio/dial-ended?${query}`, {
    CallSid: 'CAthreshold',
    DialCallStatus: 'completed',
    DialCallDuration: '120',
  });

  expect(ended.statusCode).toBe(200);
  expect(ended.body).toContain('<Hangup/>');
  const { calls } = await callHistory(d.ctx, user);
  expect(calls).toEqual([
    expect.objectContaining({ direction: 'inbound', from_number: caller, duration: 120 }),
  ]);
  // Billing's work for the call runs after the answer: the charge is on the ledger, pending, and the
  // reconcile step finishes it.
  await runBillingTasks(d.ctx.deps, d.ctx.app.log);
  const rows = await d.ctx.deps.db.select().from(usageCharges).where(eq(usageCharges.userId, user.id));
  expect(rows).toEqual([expect.objectContaining({ amountCents: 1002, status: 'pending' })]);
});
