import { eq } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { trials, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { applySubscription } from './events/apply-subscription';
import type { Customer } from '../providers/billing/provider';
import { findSubscription, liveRow, saveCustomer, stateChanged } from './subscriptions';
import { isLiveStatus } from '../../../rules/subscriptions';
import { billingRefusals } from '../../../contract/refusals/billing';
import { httpRefusals } from '../../../contract/refusals/http';

type Deps = Pick<AppDeps, 'db' | 'billing'>;
type CheckoutDeps = Deps & { config: Pick<AppDeps['config'], 'appUrl'> };

async function customerOf({ db }: Deps, userId: string): Promise<Customer> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new HttpError(httpRefusals.sessionExpired);
  const subscription = await findSubscription(db, userId);
  return { userId, email: user.email, name: user.name, customerId: subscription?.customerId };
}

type Log = { warn: (context: object, message: string) => void };

export async function startCheckout(deps: CheckoutDeps, userId: string, log: Log) {
  // One payable checkout per customer: one left open in another tab could sell a second
  // subscription (a returning customer's is paid at once; a replaced one is not refunded). It ends
  // first, so one paid meanwhile is found by the status read next.
  const existing = await findSubscription(deps.db, userId);
  if (existing?.customerId && !existing.customerDeletedAt) {
    await deps.billing.expireOpenCheckouts(existing.customerId);
  }
  const status = await subscriptionStatus(deps, userId, log);
  // Nothing to buy: the checkout-return page carries on with the setup (a retry after a failed
  // status check lands here), and no second subscription is ever opened.
  if (status.has_subscription) return { url: `${deps.config.appUrl}/checkout/redirect` };
  const customer = await customerOf(deps, userId);
  // One trial per customer: an account that ever had a subscription pays its year today.
  const row = await findSubscription(deps.db, userId);
  const hadTrial = await deps.db.select().from(trials).where(eq(trials.userId, userId)).limit(1);
  const trial = !row?.subscriptionId && hadTrial.length === 0;
  const session = await deps.billing.createCheckoutSession(customer, { trial });
  if (session.customerId !== customer.customerId) {
    await saveCustomer(deps.db, userId, deps.billing.name, session.customerId);
  }
  return { url: session.url };
}

export async function openPortal(deps: Deps, userId: string) {
  const customer = await customerOf(deps, userId);
  if (!customer.customerId) {
    throw new HttpError(billingRefusals.noSubscription);
  }
  return deps.billing.createPortalSession({ ...customer, customerId: customer.customerId });
}

type Row = Awaited<ReturnType<typeof findSubscription>>;

const liveNow = (row: Row) => (row ? liveRow(row) : false);

/**
 * The account's billing "now", which its trial's days left count from: for a trial, its customer's
 * clock at the provider (a Stripe test clock's frozen time; the sandbox's clock of the account), else
 * the server's. Nothing else counts days, so no other status check costs a provider request.
 */
async function billingTime(deps: Deps, row: Row, log: Log): Promise<number> {
  const serverNow = Math.floor(Date.now() / 1000);
  if (!row?.customerId || row.customerDeletedAt || row.status !== 'trialing') return serverNow;
  return deps.billing.customerNow(row.customerId).catch((err: unknown) => {
    log.warn({ err, userId: row.userId }, "the billing clock answered with the server's");
    return serverNow;
  });
}

export async function subscriptionStatus(deps: Deps, userId: string, log: Log) {
  let row = await findSubscription(deps.db, userId);
  // Not live here, but the provider may know better: back from checkout before its event arrived
  // (a first subscription, or a returning customer's new one, which a second checkout would pay
  // twice), or a renewal reported late. Applied through the same rules when it is news: a live
  // subscription, or this one's change (once: an ended account is only read after that). Should the
  // provider fail, the account's own row answers.
  if (row?.customerId && !row.customerDeletedAt && !liveNow(row)) {
    const state = await deps.billing.latestSubscription(row.customerId).catch((err: unknown) => {
      log.warn({ err, userId }, 'subscription status answered without the payment provider');
      return null;
    });
    const news =
      state &&
      (state.subscriptionId === row.subscriptionId ? stateChanged(row, state) : isLiveStatus(state.status));
    if (news) {
      await applySubscription(deps, state, new Date(), { userId });
      row = await findSubscription(deps.db, userId);
    }
  }
  const billing_time = await billingTime(deps, row, log);
  if (!row?.subscriptionId) return { has_subscription: false, subscription: null, billing_time };
  const periodEnd = row.currentPeriodEnd;
  return {
    has_subscription: liveNow(row),
    subscription: {
      status: row.status,
      current_period_end: periodEnd ? Math.floor(periodEnd.getTime() / 1000) : null,
      cancel_at_period_end: row.cancelAtPeriodEnd,
    },
    billing_time,
  };
}

/**
 * "Start paid plan now": the trial ends at once and Stripe charges the year to the card on file (a
 * trial whose minutes are used up gets its calls back as soon as that is paid). Read back and applied
 * before answering, so the answer says where the account stands; a decline shows as past_due.
 */
export async function startPaidPlan(deps: Deps, userId: string, log: Log) {
  const row = await findSubscription(deps.db, userId);
  if (!row?.subscriptionId || row.status !== 'trialing' || row.customerDeletedAt) {
    throw new HttpError(billingRefusals.notInTrial);
  }
  await deps.billing.endTrialNow(row.subscriptionId);
  await applySubscription(deps, await deps.billing.retrieveSubscription(row.subscriptionId), new Date(), {
    userId,
  });
  return subscriptionStatus(deps, userId, log);
}
