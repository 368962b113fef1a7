import Stripe from 'stripe';
import { stripeAdapter } from '../src/providers/billing/stripe/billing';
import type { UsageCharge } from '../src/providers/billing/provider';

/**
 * `npm run verify:stripe`: drives the product's own billing adapter through Stripe itself, in test
 * mode, on a test clock: a trial and its end, the $10 charge and a retry of it, a month-end charge,
 * the renewal, a declined card, a cancellation at period end and the customer's deletion. Prints
 * each step and exits 1 on any mismatch (docs/billing.md, "Checking against Stripe"). Needs
 * STRIPE_SECRET_KEY (a test-mode key) and STRIPE_PRICE_ID (the yearly USD 60.00 test-mode price);
 * without a key it says so and exits 0.
 */

const DAY = 86_400;
const { STRIPE_SECRET_KEY: key, STRIPE_PRICE_ID: priceId, STRIPE_API_URL: apiUrl } = process.env;

let failures = 0;
function step(name: string, ok: boolean, detail: string) {
  console.log(`${ok ? '✓' : '✗'} ${name}: ${detail}`);
  if (!ok) failures++;
}

async function main() {
  if (!key) {
    console.log('STRIPE_SECRET_KEY is not set: nothing was verified. Set a test-mode key to run the checks.');
    return;
  }
  if (!key.startsWith('sk_test_') && !key.startsWith('rk_test_')) {
    throw new Error('verify:stripe runs against test mode only: use a test-mode key (sk_test_…).');
  }
  if (!priceId) throw new Error('Set STRIPE_PRICE_ID to the yearly USD 60.00 test-mode price.');
  // STRIPE_API_URL points the SDK at another host (the test suite's fake Stripe).
  const at = apiUrl ? new URL(apiUrl) : undefined;
  const stripe = new Stripe(key, {
    maxNetworkRetries: 2,
    ...(at
      ? { host: at.hostname, port: Number(at.port), protocol: at.protocol.replace(':', '') as 'http' }
      : {}),
  });
  const adapter = stripeAdapter(stripe, {
    priceId,
    appUrl: 'https://verify.forwardly.invalid',
    production: false,
    liveKey: false,
  });

  const clock = await stripe.testHelpers.testClocks.create({
    frozen_time: Math.floor(Date.now() / 1000),
    name: 'forwardly verify:stripe',
  });
  let now = clock.frozen_time;
  const advance = async (days: number) => {
    now += days * DAY;
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: now });
    // Advancing runs on Stripe's side: wait until the clock is ready.
    for (let i = 0; ; i++) {
      if ((await stripe.testHelpers.testClocks.retrieve(clock.id)).status === 'ready') return;
      if (i > 120) throw new Error('the test clock did not finish advancing in 2 minutes');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
  try {
    const customer = await stripe.customers.create({
      email: 'verify@forwardly.invalid',
      test_clock: clock.id,
      metadata: { user_id: 'verify' },
    });
    const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    // Checkout cannot be driven from a script: the subscription it would make, with the card on it.
    const created = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: priceId }],
      trial_period_days: 14,
      default_payment_method: card.id,
      metadata: { user_id: 'verify' },
    });
    let sub = await adapter.retrieveSubscription(created.id);
    step(
      'trial',
      sub.status === 'trialing' && sub.cardFingerprint !== null,
      `${sub.status}, card fingerprint ${sub.cardFingerprint ? 'read' : 'missing'}`,
    );

    await advance(15);
    sub = await adapter.retrieveSubscription(created.id);
    step(
      'trial end',
      sub.status === 'active',
      `${sub.status}, period ends ${sub.currentPeriodEnd?.toISOString()}`,
    );

    const charge = (key: string, cents: number, attempt = 1): UsageCharge => ({
      key,
      attempt,
      since: new Date(now * 1000),
      userId: 'verify',
      customerId: customer.id,
      subscriptionId: created.id,
      cents,
      description: `verify:stripe ${key}`,
    });
    const ten = `verify-${clock.id}-1`;
    const first = await adapter.chargeUsage(charge(ten, 1002));
    const invoiceId = 'invoiceId' in first ? first.invoiceId : '';
    let invoice = await adapter.retrieveInvoice(invoiceId);
    step(
      'the $10 charge',
      invoice.status === 'paid' && invoice.total === 1002,
      `${invoice.status}, ${invoice.total} cents`,
    );
    const again = await adapter.chargeUsage(charge(ten, 1002, 2));
    invoice = await adapter.retrieveInvoice(invoiceId);
    step(
      'the $10 charge, sent again',
      'invoiceId' in again && again.invoiceId === invoiceId && invoice.total === 1002,
      `the same invoice (${invoice.total} cents), nothing charged twice`,
    );

    const monthEnd = await adapter.chargeUsage(charge(`verify-${clock.id}-2`, 50));
    invoice = await adapter.retrieveInvoice('invoiceId' in monthEnd ? monthEnd.invoiceId : '');
    step(
      'a month-end charge of $0.50',
      invoice.status === 'paid' && invoice.total === 50,
      `${invoice.status}, ${invoice.total} cents`,
    );

    await advance(366);
    sub = await adapter.retrieveSubscription(created.id);
    const renewal = (await stripe.invoices.list({ customer: customer.id, limit: 5 })).data.find(
      (i) => i.billing_reason === 'subscription_cycle' && i.created > now - 7 * DAY,
    );
    step(
      'renewal',
      sub.status === 'active' && renewal?.total === 6000,
      `${sub.status}; renewal invoice ${renewal?.total ?? 'missing'} cents (nothing of ours swept into it)`,
    );

    const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
      customer: customer.id,
    });
    await stripe.subscriptions.update(created.id, { default_payment_method: failing.id });
    const declined = await adapter.chargeUsage(charge(`verify-${clock.id}-3`, 1000));
    invoice = await adapter.retrieveInvoice('invoiceId' in declined ? declined.invoiceId : '');
    step(
      'a declined card',
      invoice.status === 'open' && invoice.attempted,
      `${invoice.status}, attempted ${invoice.attempted}`,
    );
    await stripe.subscriptions.update(created.id, { default_payment_method: card.id });

    await stripe.subscriptions.update(created.id, { cancel_at_period_end: true });
    await advance(366);
    sub = await adapter.retrieveSubscription(created.id);
    step(
      'cancelled at period end',
      sub.status === 'canceled' && sub.cancellationReason === 'cancellation_requested',
      `${sub.status} (${sub.cancellationReason})`,
    );

    await adapter.deleteCustomer(customer.id);
    const gone = await stripe.customers.retrieve(customer.id);
    step('deletion', 'deleted' in gone && gone.deleted === true, 'the customer and its cards are gone');
  } finally {
    await stripe.testHelpers.testClocks.del(clock.id).catch(() => {});
  }
  if (failures) throw new Error(`${failures} check(s) did not match Stripe.`);
  console.log('Every check matched Stripe.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
