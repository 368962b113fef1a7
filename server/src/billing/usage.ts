import { and, eq, gt, lt } from 'drizzle-orm';
import { usageMonths } from '../db/schema';
import type { AppDeps } from '../deps';
import type { TaskLog } from './tasks';
import { type MonthEnd, queueMonthEnd, reportUsage, type UsageReport } from './work';
import { INCLUDED_MINUTES } from '../../../rules/plan';
import { monthOverageCents } from './charges/ledger';

type Deps = Pick<AppDeps, 'db' | 'billing' | 'mailer' | 'config'>;

// The hook usage calls after a completed call moved a month past a usage email's threshold or
// past the included minutes (it matches the telephony side's UsageReporter). The report is written
// down and run after the provider's webhook is answered (work.ts): the charge once $10 is unbilled,
// then the emails at 80 % and 100 %. Only writing it down can fail here.
export function usageBilling(deps: Deps) {
  return {
    reportOverage: (report: UsageReport, log: TaskLog) => reportUsage(deps, report, log),
  };
}

// Monthly in arrears: the closed months (before `currentMonth`, YYYY-MM-01) of every account that
// still has extra minutes not on the ledger become one job each, which any node runs: one account's
// failure never holds up the others, and each is retried on its own. A billing task (work.ts) by
// default; on Postgres a pg-boss job per account (jobs/pg-boss-runner.ts). Answers how many.
export async function queueClosedMonths(
  deps: Pick<Deps, 'db'>,
  currentMonth: string,
  onlyUser?: string,
  queue: (job: MonthEnd) => Promise<unknown> = (job) => queueMonthEnd(deps, job),
) {
  const open = await deps.db
    .selectDistinct({ userId: usageMonths.userId })
    .from(usageMonths)
    .where(
      and(
        onlyUser ? eq(usageMonths.userId, onlyUser) : undefined,
        lt(usageMonths.month, currentMonth),
        gt(usageMonths.minutes, INCLUDED_MINUTES),
        lt(usageMonths.billedCents, monthOverageCents),
      ),
    );
  for (const { userId } of open) await queue({ userId, currentMonth });
  return open.length;
}
