import { eq } from 'drizzle-orm';
import { subscriptions, usageCharges } from '../../src/db/schema';
import { US_AREA_CODES } from '../../../rules/area-codes';
import { CHARGES_FAIL_CARD } from '../helpers/billing';
import { readOutbox } from '../helpers/outbox';
import { forwardLegReport, giveNumber, newUser, postWebhook, type Subscriber } from '../helpers/telephony';
import type { BillingDriver } from './driver';

const DAY = 86_400;
const US_CODES = [...US_AREA_CODES.keys()].filter((code) => code >= '620').sort();
let numbers = 0;
let calls = 0;

/** Billing as a customer lives it, one set of cases for both providers (see driver.ts). */
export function billingBehaviour(makeDriver: () => Promise<BillingDriver>) {
  let d: BillingDriver;
  beforeAll(async () => {
    d = await makeDriver();
  });
  afterAll(() => d.close());

  const get = (user: Subscriber, url: string) =>
    d.ctx.app.inject({ method: 'GET', url, headers: user.headers }).then((r) => r.json());
  const status = (user: Subscriber) => get(user, '/api/billing/subscription-status');

  // A new account through checkout with a card (a fresh one that behaves like 4242 by default).
  async function subscriber(cardNumber?: string) {
    const user = await newUser(d.ctx, { subscribed: false });
    const checkout = await d.openCheckout(user);
    expect(checkout).toMatchObject({ trial: true, dueToday: false });
    expect(await checkout.complete(cardNumber)).toEqual({});
    return user;
  }

  async function withNumber(user: Subscriber) {
    // Its own area code (a US one: only those are sold), so a search lists it first once it is free.
    const number = `+1${US_CODES[numbers++]}5550100`;
    await giveNumber(d.ctx, user, number, '+16505550123');
    return number;
  }

  // Someone calls the number and the owner talks for `minutes`; Twilio reports the end of the leg
  // that rang the owner.
  async function inboundCall(number: string, minutes: number) {
    const res = await forwardLegReport(
      d.ctx,
      { sid: `CAbill${d.name}${calls++}`, number },
      'completed',
      minutes * 60,
    );
    expect(res.statusCode).toBe(204);
    await d.settle();
  }
  // What a call to the number hears. Asked again, it is the same call (a trial's call sets its minutes
  // aside until its end is reported, and these calls never end).
  const voice = (number: string) =>
    postWebhook(d.ctx, '/api/twilio/voice', {
      CallSid: `CAask${number}`,
      From: '+12125550111',
      To: number,
    }).then((r) => r.body);
  const placeCall = (user: Subscriber, number: string) =>
    d.ctx.app.inject({
      method: 'POST',
      url: '/api/twilio/create-call',
      headers: user.headers,
      payload: { from_number: number, forwarding_number: '+16505550123', recipient: '+12125550142' },
    });
  const offered = async (number: string) => {
    const res = await d.ctx.app.inject({
      method: 'GET',
      url: `/api/twilio/search-numbers?area_code=${number.slice(2, 5)}`,
    });
    return res.json().available_numbers.some((n: { phone_number: string }) => n.phone_number === number);
  };
  const mailsTo = (user: Subscriber) =>
    readOutbox(d.ctx.deps.config.dataDir).filter((m) => m.to === user.email);
  const charges = (user: Subscriber) =>
    d.ctx.deps.db.select().from(usageCharges).where(eq(usageCharges.userId, user.id));

  it('starts a 14-day trial with a card, then charges the $60.00 year when the trial ends', async () => {
    const user = await subscriber();
    const trial = await status(user);
    expect(trial).toMatchObject({ has_subscription: true, subscription: { status: 'trialing' } });
    expect(trial.subscription.current_period_end - Date.now() / 1000).toBeGreaterThan(13.9 * DAY);

    await d.advanceDays(user, 15);
    const paid = await status(user);
    expect(paid).toMatchObject({ has_subscription: true, subscription: { status: 'active' } });
    expect(
      paid.subscription.current_period_end - trial.subscription.current_period_end,
    ).toBeGreaterThanOrEqual(365 * DAY);
    expect(await d.invoices(user)).toContainEqual(
      expect.objectContaining({ amount_cents: 6000, status: 'paid' }),
    );
  });

  it('mails as the money moves: a welcome, the trial ending 3 days ahead, the receipt of the year, a failed payment', async () => {
    const user = await subscriber();
    await d.settle();
    const mails = () => mailsTo(user);
    const trialEnd = new Date((await status(user)).subscription.current_period_end * 1000).toLocaleDateString(
      'en-US',
      { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' },
    );
    expect(mails().map((m) => m.subject)).toEqual(['Welcome to Forwardly Business Line']);
    expect(mails()[0].text).toContain(
      `It ends on ${trialEnd}: then $60.00 for the year will be charged to Visa ending in`,
    );

    await d.advanceDays(user, 10);
    expect(mails().map((m) => m.subject)).toEqual(['Welcome to Forwardly Business Line']);
    await d.advanceDays(user, 1); // 3 days before the trial ends
    const reminder = mails().at(-1)!;
    expect(reminder.subject).toBe(`Your free trial ends on ${trialEnd}`);
    expect(reminder.text).toMatch(/Then \$60\.00 for the year will be charged to Visa ending in \d{4}/);

    await d.advanceDays(user, 4); // the trial ends: the year is paid
    expect(mails().at(-1)!.subject).toBe('Receipt: $60.00 for Forwardly Business Line');
    expect(mails().filter((m) => m.subject.startsWith('Your free trial ends'))).toHaveLength(1);

    expect(await d.replaceCard(user, CHARGES_FAIL_CARD)).toEqual({});
    await d.advanceDays(user, 366); // the renewal's payment fails
    const failed = mails().at(-1)!;
    expect(failed.subject).toBe('Your payment of $60.00 did not go through');
    expect(failed.text).toMatch(/We will try again on/);
  });

  it("says in a trial's usage email that extra minutes are paid with the first payment", async () => {
    const user = await subscriber();
    const number = await withNumber(user);
    await inboundCall(number, 100);
    const usage = mailsTo(user).find((m) => m.subject.includes('used your 100 included minutes'))!;
    expect(usage.text).toContain('charged with your first payment when your free trial ends');
    expect(usage.text).not.toContain('at the end of the month');
  });

  it('charges extra minutes from the subscription card once $10 is due, with a receipt and usage emails', async () => {
    const user = await subscriber();
    await d.advanceDays(user, 15);
    const number = await withNumber(user);
    await inboundCall(number, 85);
    await inboundCall(number, 15);
    await inboundCall(number, 499); // 599 minutes: $9.98 extra, not charged yet
    expect(await charges(user)).toEqual([]);
    await inboundCall(number, 2); // 601 minutes: $10.02

    const usage = (await d.invoices(user)).filter((i) => i.description.includes('Extra minutes'));
    expect(usage).toEqual([expect.objectContaining({ amount_cents: 1002, status: 'paid' })]);
    expect(await charges(user)).toEqual([
      expect.objectContaining({ amountCents: 1002, minutes: 501, status: 'paid' }),
    ]);
    const subjects = mailsTo(user).map((m) => m.subject);
    expect(subjects.filter((s) => s.includes('80%'))).toHaveLength(1);
    expect(subjects.filter((s) => s.includes('used your 100 included minutes'))).toHaveLength(1);
    expect(subjects.filter((s) => s === 'Receipt: $10.02 for extra minutes')).toHaveLength(1);
  });

  it('keeps service while a failed payment is retried, stops it when retries end, and gives the number back on return', async () => {
    const user = await subscriber(CHARGES_FAIL_CARD);
    const number = await withNumber(user);
    await d.advanceDays(user, 15);
    expect(await status(user)).toMatchObject({
      has_subscription: true,
      subscription: { status: 'past_due' },
    });
    expect(await voice(number)).toContain('<Dial');

    await d.advanceDays(user, 16);
    expect(await status(user)).toMatchObject({
      has_subscription: false,
      subscription: { status: 'canceled' },
    });
    expect(await voice(number)).toContain('<Reject reason="rejected"/>');
    expect(await voice(number)).not.toContain('<Dial');
    const refused = await placeCall(user, number);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toMatch(/not active/);
    // Held: still the account's for 30 days (it says until when), not offered to anyone else.
    const { held_until } = (await get(user, '/api/dashboard/phone-number')).phone_number;
    expect(held_until - Date.now() / 1000).toBeGreaterThan(29 * DAY);
    expect(await offered(number)).toBe(false);
    // Mailed once: service ended, the number held and its last day.
    const until = new Date(held_until * 1000).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const ended = mailsTo(user).filter(
      (m) => m.subject === 'Your subscription has ended: your payment did not go through',
    );
    expect(ended).toHaveLength(1);
    expect(ended[0].text).toContain(
      `Your business number ${number} is held for you until ${until}. Subscribe again before then to keep it:`,
    );
    const other = await subscriber();
    const taken = await d.ctx.app.inject({
      method: 'POST',
      url: '/api/twilio/purchase-number',
      headers: other.headers,
      payload: { twilio_number: number },
    });
    expect(taken.statusCode).toBe(409);

    const again = await d.openCheckout(user);
    expect(again).toMatchObject({ trial: false, dueToday: true });
    expect(await again.complete()).toEqual({});
    expect(await status(user)).toMatchObject({ has_subscription: true, subscription: { status: 'active' } });
    expect(await get(user, '/api/dashboard/phone-number')).toEqual({
      phone_number: {
        phone_number: number,
        forwarding_number: '+16505550123',
        announce_calls: false,
        email_texts: true,
        held_until: null,
      },
    });
    expect(await voice(number)).toContain('<Dial');
  });

  it('a card whose payment failed is replaced in the portal: what is open is paid and the account is active again', async () => {
    // (0341 already had a trial above: one trial per card, so this account puts it on in the portal.)
    const user = await subscriber();
    expect(await d.replaceCard(user, CHARGES_FAIL_CARD)).toEqual({});
    await d.advanceDays(user, 15);
    expect((await status(user)).subscription.status).toBe('past_due');
    expect(await d.replaceCard(user, '4000 0000 0000 0002')).toEqual({ error: 'Your card was declined.' });
    expect(await d.replaceCard(user, '4242 4242 4242 4242')).toEqual({});
    expect(await status(user)).toMatchObject({ has_subscription: true, subscription: { status: 'active' } });
    expect(await d.invoices(user)).toContainEqual(
      expect.objectContaining({ amount_cents: 6000, status: 'paid' }),
    );
  });

  it("charges a trial's extra minutes with its first payment", async () => {
    const user = await subscriber();
    const number = await withNumber(user);
    await inboundCall(number, 150); // 50 extra minutes: $1.00
    await d.advanceDays(user, 15);
    expect(await d.invoices(user)).toContainEqual(
      expect.objectContaining({ amount_cents: 6100, status: 'paid' }),
    );
    expect(await charges(user)).toEqual([expect.objectContaining({ amountCents: 100, status: 'paid' })]);
  });

  it('a trial cancelled before it ends costs nothing: its extra minutes are waived', async () => {
    const user = await subscriber();
    const number = await withNumber(user);
    await inboundCall(number, 250); // $3.00 extra
    await d.cancelAtPeriodEnd(user);
    expect(await status(user)).toMatchObject({
      has_subscription: true,
      subscription: { cancel_at_period_end: true },
    });
    await d.advanceDays(user, 45); // past the trial and a month end
    expect(await status(user)).toMatchObject({
      has_subscription: false,
      subscription: { status: 'canceled' },
    });
    expect((await d.invoices(user)).filter((i) => i.amount_cents > 0)).toEqual([]);
    expect(await charges(user)).toEqual([expect.objectContaining({ amountCents: 300, status: 'waived' })]);
  });

  // Deleting the account cancels the subscription now; the customer and its cards go at the provider.
  async function deleteAccount(user: Subscriber) {
    const [{ customerId }] = await d.ctx.deps.db
      .select({ customerId: subscriptions.customerId })
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    const res = await d.ctx.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: user.headers,
      payload: { password: user.password },
    });
    await d.settle();
    return { status: res.statusCode, invoices: () => d.customerInvoices(customerId!) };
  }
  const extraMinutes = (invoices: { description: string }[]) =>
    invoices.filter((i) => i.description.includes('Extra minutes'));

  it('charges the extra minutes already used when a paid account is deleted, before its card goes', async () => {
    const user = await subscriber();
    await d.advanceDays(user, 15);
    const number = await withNumber(user);
    await inboundCall(number, 150); // 50 extra minutes: $1.00, under the $10 that charges at once
    expect(await charges(user)).toEqual([]);
    const deleted = await deleteAccount(user);
    expect(deleted.status).toBe(204);
    expect(extraMinutes(await deleted.invoices())).toEqual([
      expect.objectContaining({ amount_cents: 100, status: 'paid' }),
    ]);
    expect(mailsTo(user).map((m) => m.subject)).toContain('Receipt: $1.00 for extra minutes');
  });

  it("charges nothing for a trial's extra minutes when its account is deleted", async () => {
    const user = await subscriber();
    const number = await withNumber(user);
    await inboundCall(number, 250); // $3.00 extra, which the trial's first payment would have paid
    const deleted = await deleteAccount(user);
    expect(deleted.status).toBe(204);
    expect((await deleted.invoices()).filter((i) => i.amount_cents > 0)).toEqual([]);
  });

  it('deletes the account even when its card declines the extra minutes, which stay unpaid at the provider', async () => {
    const user = await subscriber();
    await d.advanceDays(user, 15);
    expect(await d.replaceCard(user, CHARGES_FAIL_CARD)).toEqual({});
    const number = await withNumber(user);
    await inboundCall(number, 200); // $2.00 extra
    const deleted = await deleteAccount(user);
    expect(deleted.status).toBe(204);
    expect(extraMinutes(await deleted.invoices())).toEqual([
      expect.objectContaining({ amount_cents: 200, status: 'open' }),
    ]);
  });

  it("stops a trial's calls at 300 minutes", async () => {
    const user = await subscriber();
    const number = await withNumber(user);
    await inboundCall(number, 299);
    expect(await voice(number)).toContain('<Dial');
    await inboundCall(number, 1);
    expect(await voice(number)).toContain('<Reject reason="rejected"/>');
    const refused = await placeCall(user, number);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      error: 'trial_minutes_used',
      message: expect.stringContaining('300 minutes'),
    });
    expect((await get(user, '/api/dashboard/usage')).trial).toEqual({
      minutes_used: 300,
      minutes_limit: 300,
    });
    expect(await status(user)).toMatchObject({
      has_subscription: true,
      subscription: { status: 'trialing' },
    });
  });

  it("keeps a trial's cap while its first payment is retried, and lifts it once paid", async () => {
    const user = await subscriber();
    expect(await d.replaceCard(user, CHARGES_FAIL_CARD)).toEqual({});
    const number = await withNumber(user);
    await inboundCall(number, 300);
    await d.advanceDays(user, 15);
    expect((await status(user)).subscription.status).toBe('past_due');
    expect(await voice(number)).toContain('<Reject reason="rejected"/>');
    expect((await placeCall(user, number)).json().error).toBe('trial_minutes_used');
    expect(await d.replaceCard(user, '4242 4242 4242 4242')).toEqual({});
    expect((await status(user)).subscription.status).toBe('active');
    expect(await voice(number)).toContain('<Dial');
  });

  it("keeps a paid account's calls while its renewal is retried, up to the month's included minutes", async () => {
    const user = await subscriber();
    const number = await withNumber(user);
    await d.advanceDays(user, 15); // the year is paid
    expect(await d.replaceCard(user, CHARGES_FAIL_CARD)).toEqual({});
    await d.advanceDays(user, 366);
    expect((await status(user)).subscription.status).toBe('past_due');
    // No usage is charged while a payment fails: calls go on up to what the plan includes.
    await inboundCall(number, 99);
    expect(await voice(number)).toContain('<Dial');
    await inboundCall(number, 1);
    expect(await voice(number)).toContain('<Reject reason="rejected"/>');
    const refused = await placeCall(user, number);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({
      error: 'past_due_minutes_used',
      message:
        'Your last payment failed, so calls stop at the 100 minutes your plan includes this month. Update your card in billing to call again.',
    });
    expect(await d.replaceCard(user, '4242 4242 4242 4242')).toEqual({});
    expect(await voice(number)).toContain('<Dial');
  });

  it('gives one trial per card: a card that had a trial on another account pays its year at once', async () => {
    const cardNumber = '4242 4242 4242 4242';
    const first = await newUser(d.ctx, { subscribed: false });
    await (await d.openCheckout(first)).complete(cardNumber);
    const second = await newUser(d.ctx, { subscribed: false });
    await (await d.openCheckout(second)).complete(cardNumber);
    await d.settle();
    expect(await status(first)).toMatchObject({ subscription: { status: 'trialing' } });
    expect(await status(second)).toMatchObject({
      has_subscription: true,
      subscription: { status: 'active' },
    });
    expect(await d.invoices(second)).toContainEqual(
      expect.objectContaining({ amount_cents: 6000, status: 'paid' }),
    );
  });

  it('gives no calls to a card that had a trial and then declines the year, until it pays', async () => {
    // Whichever account had the card's trial first, the second one on it pays its year at once.
    await subscriber(CHARGES_FAIL_CARD);
    const user = await subscriber(CHARGES_FAIL_CARD);
    const number = await withNumber(user);
    await d.settle();
    expect(await status(user)).toMatchObject({
      has_subscription: true,
      subscription: { status: 'past_due' },
    });
    expect(await voice(number)).toContain('<Reject reason="rejected"/>');
    const refused = await placeCall(user, number);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({
      error: 'payment_required',
      message:
        'Your card was declined, so your plan has not started. Update your card in billing to place calls.',
    });
    expect((await get(user, '/api/dashboard/usage')).trial).toBeNull();
    expect(await d.replaceCard(user, '4242 4242 4242 4242')).toEqual({});
    expect((await status(user)).subscription.status).toBe('active');
    expect(await voice(number)).toContain('<Dial');
  });

  it('releases a held number 30 days after service ends, and offers it again', async () => {
    const user = await subscriber();
    const number = await withNumber(user);
    await d.cancelAtPeriodEnd(user);
    await d.advanceDays(user, 15);
    expect(await get(user, '/api/dashboard/phone-number')).toMatchObject({
      phone_number: { phone_number: number },
    });
    await d.advanceDays(user, 30);
    expect(await get(user, '/api/dashboard/phone-number')).toEqual({});
    expect(await offered(number)).toBe(true);
  });
}
