import { usageMonths } from '../src/db/schema';
import { findJob } from '../src/jobs/schedule';
import { monthOf } from '../src/usage/plan';
import { checkedOutCustomer, createStripeTestApp } from './helpers/stripe-app';

// The monthly job with the real Stripe provider, talking to FakeStripe.

let ctx: Awaited<ReturnType<typeof createStripeTestApp>>;
beforeAll(async () => {
  ctx = await createStripeTestApp();
});
afterAll(() => ctx.close());

const now = new Date();
const thisMonth = monthOf(now);
const lastMonth = monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
const billClosedMonths = () => findJob('bill-closed-months')!.run(ctx.deps);
const invoiceItems = () => ctx.fake.calls('POST', /^\/v1\/invoiceitems$/);

it('bills the extra minutes of the month that closed, once, and leaves the open month', async () => {
  const { userId, customer } = await checkedOutCustomer(ctx);
  await ctx.deps.db.insert(usageMonths).values([
    { userId, month: lastMonth, seconds: 150 * 60, minutes: 150 }, // 50 extra minutes: $1
    { userId, month: thisMonth, seconds: 300 * 60, minutes: 300 },
  ]);

  await expect(billClosedMonths()).resolves.toEqual({ months: 1 });
  expect(invoiceItems().map((r) => r.body)).toEqual([
    expect.objectContaining({ customer, amount: '100', currency: 'usd' }),
  ]);
  expect(ctx.fake.calls('POST', /^\/v1\/invoices$/).at(-1)!.body).toMatchObject({ customer });

  await expect(billClosedMonths()).resolves.toEqual({ months: 0 });
  expect(invoiceItems()).toHaveLength(1);
});
