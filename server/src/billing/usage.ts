import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { usageMonths } from '../db/schema';
import type { AppDeps } from '../deps';
import { billUsage } from './charges/bill-usage';
import { sendUsageNotices } from './emails/usage-notices';
import { CENTS_PER_EXTRA_MINUTE, INCLUDED_MINUTES } from '../../../rules/plan';

type Deps = Pick<AppDeps, 'db' | 'billing' | 'mailer' | 'config'>;

// The hook usage calls after a completed call moved a month past a usage email's threshold or
// past the included minutes (it matches the telephony side's UsageReporter): the charge once $10
// is unbilled, then the emails at 80 % and 100 %. Each runs whatever the other's fate (a mail
// server down never holds up a charge; an email not sent is claimed again by the next report), and
// their failures reach the caller, which logs them.
export function usageBilling(deps: Deps) {
  return {
    reportOverage: async (report: { userId: string; month: string }) => {
      const failures: unknown[] = [];
      await billUsage(deps, report.userId, { kind: 'threshold' }).catch((e: unknown) => failures.push(e));
      await sendUsageNotices(deps, report.userId, report.month).catch((e: unknown) => failures.push(e));
      if (failures.length > 1) throw new AggregateError(failures, 'Usage could not be fully reported.');
      if (failures.length) throw failures[0];
    },
  };
}

// Monthly in arrears: bills the closed months (before `currentMonth`, YYYY-MM-01) of every account
// that still has extra minutes not on the ledger (the monthly job runs it on the 1st; the sandbox
// clock for one account). One account's failure does not hold up the others; the next run retries.
export async function billClosedMonths(deps: Deps, currentMonth: string, onlyUser?: string) {
  const open = await deps.db
    .selectDistinct({ userId: usageMonths.userId })
    .from(usageMonths)
    .where(
      and(
        onlyUser ? eq(usageMonths.userId, onlyUser) : undefined,
        lt(usageMonths.month, currentMonth),
        gt(usageMonths.minutes, INCLUDED_MINUTES),
        lt(
          usageMonths.billedCents,
          sql`(${usageMonths.minutes} - ${INCLUDED_MINUTES}) * ${CENTS_PER_EXTRA_MINUTE}`,
        ),
      ),
    );
  const failures: unknown[] = [];
  let charged = 0;
  for (const { userId } of open) {
    try {
      if (await billUsage(deps, userId, { kind: 'month_end', currentMonth })) charged++;
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length) {
    throw new AggregateError(failures, `${failures.length} account(s) could not be billed.`);
  }
  return charged;
}
