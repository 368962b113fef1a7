import { and, eq } from 'drizzle-orm';
import { billClosedMonths, usageBilling } from '../src/billing/usage';
import { usageMonths } from '../src/db/schema';
import { checkedOutCustomer, createStripeTestApp } from './helpers/stripe-app';

let ctx: Awaited<ReturnType<typeof createStripeTestApp>>;
beforeAll(async () => {
  ctx = await createStripeTestApp();
});
afterAll(() => ctx.close());

const MONTH = '2026-10-01';

// A checked-out customer whose month already counts `minutes` (as completed calls leave it).
async function customerWithUsage(minutes: number) {
  const { userId, customer } = await checkedOutCustomer(ctx);
  await ctx.deps.db.insert(usageMonths).values({ userId, month: MONTH, seconds: minutes * 60, minutes });
  return { userId, customer };
}

const setMinutes = (userId: string, minutes: number) =>
  ctx.deps.db
    .update(usageMonths)
    .set({ minutes })
    .where(and(eq(usageMonths.userId, userId), eq(usageMonths.month, MONTH)));
const invoiceItemsFor = (customer: string) =>
  ctx.fake.calls('POST', /^\/v1\/invoiceitems$/).filter((r) => r.body.customer === customer);

describe('extra minutes', () => {
  it('are not charged before $10 is unbilled', async () => {
    const { userId, customer } = await customerWithUsage(599); // 499 extra minutes = $9.98
    await usageBilling(ctx.deps).reportOverage({ userId, month: MONTH });
    expect(invoiceItemsFor(customer)).toHaveLength(0);
  });

  it('are charged on their own invoice as soon as $10 is unbilled, and never twice', async () => {
    const { userId, customer } = await customerWithUsage(600);
    await usageBilling(ctx.deps).reportOverage({ userId, month: MONTH });
    await usageBilling(ctx.deps).reportOverage({ userId, month: MONTH });
    const items = invoiceItemsFor(customer);
    expect(items).toHaveLength(1);
    expect(items[0].body).toMatchObject({ amount: '1000', currency: 'usd' });
    expect(items[0].idempotencyKey).toBeTruthy();
    const invoice = ctx.fake.calls('POST', /^\/v1\/invoices$/).at(-1)!;
    expect(invoice.body).toMatchObject({
      customer,
      pending_invoice_items_behavior: 'include',
      auto_advance: 'true',
    });
    expect(ctx.fake.calls('POST', /^\/v1\/invoices\/in_1\/finalize$/).length).toBeGreaterThan(0);

    // 50 more minutes ($1) wait for the month to close, then go out in arrears.
    await setMinutes(userId, 650);
    await usageBilling(ctx.deps).reportOverage({ userId, month: MONTH });
    expect(invoiceItemsFor(customer)).toHaveLength(1);
    await billClosedMonths(ctx.deps, '2026-11-01');
    expect(invoiceItemsFor(customer).map((r) => r.body.amount)).toEqual(['1000', '100']);
    await billClosedMonths(ctx.deps, '2026-11-01');
    expect(invoiceItemsFor(customer)).toHaveLength(2);
  });

  it('keeps a charge pending, never doubled, when Stripe cannot invoice it', async () => {
    const { userId, customer } = await customerWithUsage(700); // $12 extra
    ctx.fake.on('POST', /^\/v1\/invoices$/, () => ({ error: { type: 'api_error', message: 'down' } }), 500);
    await expect(usageBilling(ctx.deps).reportOverage({ userId, month: MONTH })).rejects.toMatchObject({
      statusCode: 502,
    });
    ctx.fake.handlers.shift();
    await usageBilling(ctx.deps).reportOverage({ userId, month: MONTH });
    expect(invoiceItemsFor(customer).map((r) => r.body.amount)).toEqual(['1200']);

    // The next $10 goes on an invoice, which also sweeps the pending $12.
    const invoices = ctx.fake.calls('POST', /^\/v1\/invoices$/).length;
    await setMinutes(userId, 1200);
    await usageBilling(ctx.deps).reportOverage({ userId, month: MONTH });
    expect(invoiceItemsFor(customer).map((r) => r.body.amount)).toEqual(['1200', '1000']);
    expect(ctx.fake.calls('POST', /^\/v1\/invoices$/)).toHaveLength(invoices + 1);
  });
});
