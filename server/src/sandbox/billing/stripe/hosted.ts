import { type AcceptedCard, type CardForm, DECLINED_MESSAGE, readCard } from './cards';
import { clockNow, type CustomerContext, realNow } from './context';
import { createSubscription, nextDue, runOneDue } from './lifecycle';
import type {
  SbCheckoutSession,
  SbCustomer,
  SbInvoice,
  SbPaymentMethod,
  SbPortalSession,
  SbSubscription,
} from './objects';
import { attemptPayment } from './payments';
import type { SandboxStripe } from './api';
import { newId } from './store';

// Stripe's hosted pages and test helpers, as the sandbox pages and test clock use them.

export async function openSession<T extends SbCheckoutSession | SbPortalSession>(
  sandbox: SandboxStripe,
  id: string,
) {
  const session = await sandbox.store.get<T>(id);
  return session && session.expires_at > realNow() ? session : undefined;
}

export async function attachCard(ctx: CustomerContext, card: AcceptedCard) {
  const method: SbPaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    type: 'card',
    customer: ctx.customer.id,
    created: ctx.now,
    card: {
      brand: card.brand,
      last4: card.last4,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      fingerprint: card.fingerprint,
    },
    sandbox_behaviour: card.behaviour,
  };
  await ctx.store.insert(method);
  return method;
}

export const BANK_ACCOUNT = 'us_bank_account';
export const CARDS_ONLY_MESSAGE = 'This checkout accepts cards only.';

// A test bank account (Stripe's 000123456789): it pays, and, having no card, has no card fingerprint.
async function attachBankAccount(ctx: CustomerContext) {
  const method: SbPaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    type: BANK_ACCOUNT,
    customer: ctx.customer.id,
    created: ctx.now,
    card: null,
    sandbox_behaviour: 'succeeds',
  };
  await ctx.store.insert(method);
  return method;
}

// A checkout offers a bank account unless its methods are restricted to others (the sandbox's page
// shows the card form only: our checkouts take cards only).
const offersBankAccount = (session: SbCheckoutSession) =>
  !session.allowed_payment_method_types || session.allowed_payment_method_types.includes(BANK_ACCOUNT);

/**
 * Checkout's "Start trial" / "Subscribe", with a card or (where the checkout offers one) a bank
 * account: a declined card changes nothing; otherwise the method is saved on a new subscription (a
 * trial, or a year charged at once) and the session completes. Answers the success url, or the
 * sentence to show on the page.
 */
export async function completeCheckout(
  sandbox: SandboxStripe,
  sessionId: string,
  form: CardForm | typeof BANK_ACCOUNT,
) {
  const ended = { error: 'This checkout has ended. Go back and start again.' };
  const found = await openSession<SbCheckoutSession>(sandbox, sessionId);
  if (!found || found.status !== 'open') return ended;
  return sandbox.withCustomer(found.customer, async (ctx) => {
    // Read again under the customer's lock: an expiry or a payment that came first wins, as at Stripe.
    const session = (await ctx.store.get<SbCheckoutSession>(sessionId, true))!;
    if (session.status !== 'open') return ended;
    let method: SbPaymentMethod;
    if (form === BANK_ACCOUNT) {
      if (!offersBankAccount(session)) return { error: CARDS_ONLY_MESSAGE };
      method = await attachBankAccount(ctx);
    } else {
      const card = readCard(form, ctx.now);
      if (typeof card === 'string') return { error: card };
      // With nothing to pay now the card is only saved; paying the year now charges it.
      if (!session.trial_period_days && card.behaviour === 'charges_fail') return { error: DECLINED_MESSAGE };
      method = await attachCard(ctx, card);
    }
    const sub = await createSubscription(ctx, {
      paymentMethod: method.id,
      trialDays: session.trial_period_days,
      metadata: session.subscription_metadata,
    });
    const completed = { ...session, status: 'complete' as const, subscription: sub.id };
    await ctx.store.save(completed);
    await ctx.store.emit('checkout.session.completed', completed, ctx.now);
    return { redirect: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) };
  });
}

export interface PortalView {
  customer: SbCustomer;
  now: number;
  subscription?: SbSubscription;
  card?: SbPaymentMethod;
  invoices: SbInvoice[];
}

export async function portalView(sandbox: SandboxStripe, customerId: string): Promise<PortalView> {
  const customer = (await sandbox.store.get<SbCustomer>(customerId))!;
  const subs = await sandbox.store.list<SbSubscription>('subscription', customerId);
  const subscription = subs.sort((a, b) => b.created - a.created)[0];
  const cardId = subscription?.default_payment_method ?? customer.invoice_settings.default_payment_method;
  return {
    customer,
    now: clockNow(customer),
    subscription,
    card: cardId ? await sandbox.store.get<SbPaymentMethod>(cardId) : undefined,
    invoices: (await invoicesOf(sandbox, customerId)).filter((i) => i.status !== 'draft'),
  };
}

async function invoicesOf(sandbox: SandboxStripe, customerId: string) {
  const invoices = await sandbox.store.list<SbInvoice>('invoice', customerId);
  return invoices.sort((a, b) => b.created - a.created || b.id.localeCompare(a.id));
}

export const invoiceDescription = (invoice: SbInvoice) =>
  invoice.description ?? invoice.lines.data.map((line) => line.description).join(', ');

/** The customer's issued invoices, newest first, as GET /api/sandbox/invoices lists them. */
export async function invoiceSummaries(sandbox: SandboxStripe, customerId: string) {
  const invoices = await invoicesOf(sandbox, customerId);
  return invoices
    .filter((i) => i.status !== 'draft')
    .map((i) => ({
      id: i.id,
      created: i.created,
      description: invoiceDescription(i),
      amount_cents: i.total,
      // Stripe's uncollectible invoice is still unpaid.
      status: i.status === 'uncollectible' ? 'open' : (i.status as 'paid' | 'open' | 'void'),
    }));
}

/** The portal's "Update card": the new card becomes the default, and what is open is paid with it. */
export async function replaceCard(sandbox: SandboxStripe, customerId: string, form: CardForm) {
  return sandbox.withCustomer(customerId, async (ctx) => {
    const card = readCard(form, ctx.now);
    if (typeof card === 'string') return { error: card };
    const method = await attachCard(ctx, card);
    await ctx.store.save({ ...ctx.customer, invoice_settings: { default_payment_method: method.id } });
    ctx.customer.invoice_settings.default_payment_method = method.id;
    for (const sub of await ctx.store.list<SbSubscription>('subscription', customerId)) {
      if (sub.status !== 'canceled' && sub.status !== 'incomplete_expired') {
        // Stripe tells of the subscription's new card (its default_payment_method changed).
        const changed = { ...sub, default_payment_method: method.id };
        await ctx.store.save(changed);
        await ctx.store.emit('customer.subscription.updated', changed, ctx.now);
      }
    }
    for (const invoice of await ctx.store.list<SbInvoice>('invoice', customerId)) {
      if (invoice.status === 'open') await attemptPayment(ctx, invoice, 'customer');
    }
    return {};
  });
}

/**
 * Moves the customer's test clock forward to `target` (epoch seconds) as a Stripe test clock
 * does, running on the way, in time order, everything due. `step(now)` runs after each of them,
 * so the caller delivers the events and does its own work due by `now`; it answers when its next
 * work is due (after `now`), or null.
 */
export async function advanceClock(
  sandbox: SandboxStripe,
  customerId: string,
  target: number,
  step: (now: number) => Promise<number | null>,
) {
  for (;;) {
    const now = await sandbox.withCustomer(customerId, async (ctx) => ctx.now);
    let appNext = await step(now);
    while (await sandbox.withCustomer(customerId, runOneDue)) appNext = await step(now);
    if (now >= target) return now;
    const stripeNext = await sandbox.withCustomer(customerId, nextDue);
    await setClock(sandbox, customerId, Math.min(target, stripeNext ?? Infinity, appNext ?? Infinity));
  }
}

async function setClock(sandbox: SandboxStripe, customerId: string, at: number) {
  await sandbox.withCustomer(customerId, (ctx) =>
    ctx.store.save(
      ctx.customer.test_clock
        ? { ...ctx.customer, sandbox_frozen_time: at }
        : { ...ctx.customer, sandbox_clock_offset: at - realNow() },
    ),
  );
}

/** Everything due by now for every customer (the hourly job: the sandbox in real time). */
export async function runAllDue(sandbox: SandboxStripe) {
  let steps = 0;
  for (const customer of await sandbox.store.list<SbCustomer>('customer')) {
    while (await sandbox.withCustomer(customer.id, runOneDue)) steps++;
  }
  return steps;
}
