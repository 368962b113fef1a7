import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { reconcileCharges } from '../src/billing/charges/reconcile';
import { billUsage } from '../src/billing/charges/bill-usage';
import { usageCharges } from '../src/db/schema';
import { payingAccount as payingAccountOf, stripeDriver, type BillingDriver } from './billing/driver';
import { giveNumber, type Subscriber } from './helpers/telephony';
import { ProviderError } from '../src/http/errors';
import { providerRefusals } from '../../contract/refusals/providers';

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
  // The error the caller logs names the charge, and carries Stripe's answer (pino prints the causes).
  await expect(billUsage(d.ctx.deps, user.id, { kind: 'threshold' })).rejects.toMatchObject({
    message: `Charge usage-${user.id}-1 given up after 1 attempt(s)`,
    cause: expect.objectContaining({
      message: expect.stringMatching(/^The payment provider could not /),
      cause: expect.objectContaining({ statusCode: 404, message: 'Stripe is down' }),
    }),
  });
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

it("keeps the first 500 characters of Stripe's refusal where the operator reads given-up charges", async () => {
  const user = await payingAccount(650);
  const message = `Invalid request: ${'x'.repeat(600)}`;
  d.fake!.override('POST', /^\/v1\/invoices$/, () => ({
    status: 400,
    body: { error: { type: 'invalid_request_error', message } },
  }));
  await expect(billUsage(d.ctx.deps, user.id, { kind: 'threshold' })).rejects.toThrow(
    /given up after 1 attempt/,
  );
  // docs/billing.md: select key, attempts, last_error from usage_charges where given_up_at is not null
  const givenUp = await d.ctx.deps.db
    .select({ key: usageCharges.key, attempts: usageCharges.attempts, lastError: usageCharges.lastError })
    .from(usageCharges)
    .where(and(isNotNull(usageCharges.givenUpAt), eq(usageCharges.userId, user.id)));
  expect(givenUp).toEqual([{ key: `usage-${user.id}-1`, attempts: 1, lastError: message.slice(0, 500) }]);
});

it('sends nothing to Stripe when an operator lets a given-up charge go again after its customer was deleted', async () => {
  const user = await payingAccount(650);
  await giveNumber(d.ctx, user, '+16305550110', '+16505550123');
  d.fake!.failNext('POST', /^\/v1\/invoices$/, 404);
  await expect(billUsage(d.ctx.deps, user.id, { kind: 'threshold' })).rejects.toThrow(/given up/);
  // Deleting the account removes the customer at Stripe, then fails to give the number back.
  const release = jest
    .spyOn(d.ctx.deps.telephony, 'releaseNumber')
    .mockRejectedValueOnce(new ProviderError(providerRefusals.phoneProviderFailed('release the number')));
  const deleteAccount = () =>
    d.ctx.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: user.headers,
      payload: { password: user.password },
    });
  try {
    expect((await deleteAccount()).statusCode).toBe(502);
  } finally {
    release.mockRestore();
  }
  // The operator lets the charge go again (docs/billing.md): the hourly reconcile finds no customer
  // to charge, sends nothing, and leaves the row for the deletion tried again.
  const { key } = await charge(user);
  await d.ctx.deps.db
    .update(usageCharges)
    .set({ givenUpAt: null, attempts: 0 })
    .where(eq(usageCharges.key, key));
  const sent = d.fake!.calls('POST', /^\/v1\/invoices$/).length;
  await expect(reconcileAnHourLater(user)).resolves.toMatchObject({ resubmitted: 1 });
  expect(d.fake!.calls('POST', /^\/v1\/invoices$/)).toHaveLength(sent);
  expect(await charge(user)).toMatchObject({ status: 'pending', claimedUntil: null, givenUpAt: null });
  expect((await deleteAccount()).statusCode).toBe(204);
});
