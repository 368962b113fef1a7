import { Cron } from 'croner';
import { and, eq, gt, isNull, min } from 'drizzle-orm';
import { phoneNumbers } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { releaseEndedNumbers } from '../../jobs/release-ended-numbers';
import { advanceClock } from './stripe/hosted';
import type { SandboxStripe } from './stripe/api';
import { monthOf } from '../../usage/months';
import { queueClosedMonths } from '../../billing/usage';
import { MONTH_END_BILLING_CRON } from '../../../../rules/plan';

const DAY_SECONDS = 86_400;

// The monthly job's next run after `now` (seconds), as the job runners schedule it.
const monthEnd = new Cron(MONTH_END_BILLING_CRON, { timezone: 'UTC' });
const nextMonthRun = (now: number) => monthEnd.nextRun(new Date(now * 1000))!.getTime() / 1000;

/**
 * POST /api/sandbox/clock: moves one account's billing clock forward as a Stripe test clock does.
 * On the way, at each due time: Stripe's side (trial end, renewals, payment attempts and
 * retries, period ends), its events through our event handling, and our own jobs for that account
 * at that time (month-end usage charges, the release of a number whose hold is over).
 * `deliver` hands the sandbox's events to our handling (in-process, or as Stripe webhooks in tests)
 * and runs the billing work that is due.
 */
export async function advanceAccountClock(
  deps: AppDeps,
  sandbox: SandboxStripe,
  account: { userId: string; customerId: string },
  days: number,
  deliver: () => Promise<unknown>,
) {
  const start = await sandbox.withCustomer(account.customerId, async (ctx) => ctx.now);
  return advanceClock(sandbox, account.customerId, start + days * DAY_SECONDS, async (now) => {
    await deliver();
    const at = new Date(now * 1000);
    await queueClosedMonths(deps, monthOf(at), account.userId);
    await releaseEndedNumbers(deps, at, account.userId);
    await deliver();
    const [hold] = await deps.db
      .select({ until: min(phoneNumbers.heldUntil) })
      .from(phoneNumbers)
      .where(
        and(
          eq(phoneNumbers.userId, account.userId),
          isNull(phoneNumbers.releasedAt),
          gt(phoneNumbers.heldUntil, at),
        ),
      );
    const holdEnds = hold?.until ? Math.ceil(new Date(hold.until).getTime() / 1000) : Infinity;
    return Math.min(nextMonthRun(now), holdEnds);
  });
}
