import { eq, sql } from 'drizzle-orm';
import { reconcileCharges } from '../src/billing/charges/reconcile';
import { billUsage } from '../src/billing/charges/bill-usage';
import { usageCharges } from '../src/db/schema';
import { payingAccount as payingAccountOf, stripeDriver, type BillingDriver } from './billing/driver';
import type { Subscriber } from './helpers/telephony';

// When a charge of extra minutes stops being sent to Stripe and waits for an operator
// (docs/billing.md): at once when Stripe refuses the request itself, else after a day of hourly tries.

let d: BillingDriver;
beforeAll(async () => {
  d = await stripeDriver();
});
afterAll(() => d.close());
afterEach(() => d.fake!.clearOverrides());

const payingAccount = (minutes: number) => payingAccountOf(d, minutes);
const charge = async (user: Subscriber) =>
  (await d.ctx.deps.db.select().from(usageCharges).where(eq(usageCharges.userId, user.id)))[0];
// The hourly reconcile: it takes rows left pending for over a minute.
async function reconcileAnHourLater(user: Subscriber) {
  await d.ctx.deps.db
    .update(usageCharges)
    .set({ updatedAt: sql`now() - interval '1 hour'` })
    .where(eq(usageCharges.userId, user.id));
  return reconcileCharges(d.ctx.deps).catch((error: AggregateError) => {
    // What the operator reads in the log of the hourly job.
    expect(error.message).toBe(`${error.errors.length} charge(s) could not be reconciled.`);
    return error.errors;
  });
}

it('gives a charge up at once when Stripe answers 404, and does not send it again', async () => {
  const user = await payingAccount(650);
  d.fake!.failNext('POST', /^\/v1\/invoices$/, 404);
  await expect(billUsage(d.ctx.deps, user.id, { kind: 'threshold' })).rejects.toThrow(
    /given up after 1 attempt/,
  );
  expect(await charge(user)).toMatchObject({ status: 'pending', givenUpAt: expect.any(Date) });
  await expect(reconcileAnHourLater(user)).resolves.toMatchObject({ resubmitted: 0 });
});

it('tries a charge 24 times through an outage, then gives it up, its last error kept', async () => {
  const user = await payingAccount(650);
  d.fake!.outage('POST', /^\/v1\/invoices$/);
  await expect(billUsage(d.ctx.deps, user.id, { kind: 'threshold' })).rejects.toMatchObject({
    statusCode: 502,
  });
  for (let attempt = 2; attempt < 24; attempt++) await reconcileAnHourLater(user);
  expect(await charge(user)).toMatchObject({ attempts: 23, givenUpAt: null, lastError: expect.any(String) });

  const [error] = (await reconcileAnHourLater(user)) as Error[];
  expect(error.message).toBe(`Charge ${(await charge(user)).key} given up after 24 attempt(s)`);
  expect(await charge(user)).toMatchObject({ status: 'pending', attempts: 24, givenUpAt: expect.any(Date) });
  await expect(reconcileAnHourLater(user)).resolves.toMatchObject({ resubmitted: 0 });
});
