import { and, eq } from 'drizzle-orm';
import { billUsage } from '../src/billing/charges/bill-usage';
import { queueClosedMonths } from '../src/billing/usage';
import type { MonthEnd } from '../src/billing/work';
import { subscriptions, usageCharges, usageMonths } from '../src/db/schema';
import { findJob } from '../src/jobs/schedule';
import { monthOf } from '../src/usage/months';
import { stripeDriver, type BillingDriver } from './billing/driver';
import { newUser } from './helpers/telephony';

// Month-end charges in arrears, with the real Stripe provider talking to FakeStripe.

let d: BillingDriver;
beforeAll(async () => {
  d = await stripeDriver();
});
afterAll(() => d.close());

// A paying account: checked out, trial over, the year paid.
async function payingAccount() {
  const user = await newUser(d.ctx, { subscribed: false });
  await (await d.openCheckout(user)).complete();
  await d.advanceDays(user, 15);
  return user;
}
const setMinutes = (userId: string, month: string, minutes: number) =>
  d.ctx.deps.db
    .insert(usageMonths)
    .values({ userId, month, seconds: minutes * 60, minutes })
    .onConflictDoUpdate({ target: [usageMonths.userId, usageMonths.month], set: { minutes } });
const charges = (userId: string) =>
  d.ctx.deps.db.select().from(usageCharges).where(eq(usageCharges.userId, userId));
const usageInvoices = async (user: Parameters<BillingDriver['invoices']>[0]) =>
  (await d.invoices(user)).filter((i) => i.description.startsWith('Extra minutes'));

it('bills the extra minutes of the month that closed, once, and leaves the open month', async () => {
  const user = await payingAccount();
  const now = new Date();
  const lastMonth = monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
  await setMinutes(user.id, lastMonth, 150); // 50 extra minutes: $1.00
  await setMinutes(user.id, monthOf(now), 300);

  // One task per account, run by the billing-tasks job on whichever node takes it.
  await expect(findJob('bill-closed-months')!.run(d.ctx.deps, d.ctx.app.log)).resolves.toEqual({
    accounts: 1,
  });
  await d.settle();
  expect(await usageInvoices(user)).toEqual([expect.objectContaining({ amount_cents: 100, status: 'paid' })]);
  // An invoice of its own, paid with the subscription's card, the item attached to it: nothing is left
  // pending for Stripe to sweep into the renewal.
  const [sub] = await d.ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
  const fake = d.fake!;
  const invoice = fake.calls('POST', /^\/v1\/invoices$/).at(-1)!.body;
  expect(invoice).toMatchObject({
    customer: sub.customerId,
    default_payment_method: expect.stringMatching(/^pm_/),
    pending_invoice_items_behavior: 'exclude',
  });
  expect(invoice.subscription).toBeUndefined();
  const [charge] = await charges(user.id);
  expect(fake.calls('POST', /^\/v1\/invoiceitems$/).at(-1)!.body).toEqual({
    customer: sub.customerId,
    invoice: charge.invoiceId,
    amount: 100,
    currency: 'usd',
    description: `Extra minutes: 50 in ${new Date(`${lastMonth}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })}`,
    metadata: { charge_key: charge.key, user_id: user.id },
  });

  await expect(findJob('bill-closed-months')!.run(d.ctx.deps, d.ctx.app.log)).resolves.toEqual({
    accounts: 0,
  });
  expect(await charges(user.id)).toEqual([
    expect.objectContaining({ amountCents: 100, months: { [lastMonth]: 100 } }),
  ]);
});

it("rolls an amount under Stripe's $0.50 minimum over to the next month, never losing it", async () => {
  const user = await payingAccount();
  await setMinutes(user.id, '2020-01-01', 110); // 20 cents
  await expect(queueClosedMonths(d.ctx.deps, '2020-02-01', user.id)).resolves.toBe(1);
  await d.settle();
  expect(await charges(user.id)).toEqual([]);

  await setMinutes(user.id, '2020-02-01', 115); // 30 cents more: 50 cents due
  await expect(queueClosedMonths(d.ctx.deps, '2020-03-01', user.id)).resolves.toBe(1);
  await d.settle();
  expect(await charges(user.id)).toEqual([
    expect.objectContaining({
      amountCents: 50,
      months: { '2020-01-01': 20, '2020-02-01': 30 },
      status: 'paid',
    }),
  ]);
  const [jan] = await d.ctx.deps.db
    .select()
    .from(usageMonths)
    .where(and(eq(usageMonths.userId, user.id), eq(usageMonths.month, '2020-01-01')));
  expect(jan.billedCents).toBe(20);
});

it('runs a month-end job queued for an account deleted since without failing, the month charged at deletion', async () => {
  const user = await payingAccount();
  const now = new Date();
  const lastMonth = monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
  await setMinutes(user.id, lastMonth, 150); // 50 extra minutes: $1.00
  const [{ customerId }] = await d.ctx.deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, user.id));

  // On Postgres the fan-out queues a pg-boss job per account (jobs/pg-boss-runner.ts), which any
  // node runs later.
  const queued: MonthEnd[] = [];
  const queueMonthEnd = async (job: MonthEnd) => void queued.push(job);
  await findJob('bill-closed-months')!.run({ ...d.ctx.deps, queueMonthEnd }, d.ctx.app.log);
  expect(queued).toEqual([{ userId: user.id, currentMonth: monthOf(now) }]);

  // Before it runs, the account is deleted, which charges the month itself.
  const deleted = await d.ctx.app.inject({
    method: 'DELETE',
    url: '/api/account',
    headers: user.headers,
    payload: { password: user.password },
  });
  expect(deleted.statusCode).toBe(204);

  // The job, run as pg-boss's worker runs it, finds no account: nothing to charge, nothing to retry.
  for (const job of queued) {
    await expect(
      billUsage(d.ctx.deps, job.userId, { kind: 'month_end', currentMonth: job.currentMonth }),
    ).resolves.toBeUndefined();
  }
  await d.settle();
  expect(
    (await d.customerInvoices(customerId!)).filter((i) => i.description.startsWith('Extra minutes')),
  ).toEqual([expect.objectContaining({ amount_cents: 100, status: 'paid' })]);
});
