import { and, eq, sql } from 'drizzle-orm';
import { trialTermsSql } from '../subscriptions';
import { usageMonths, usageNotices, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { usageEmailsOn } from './settings';
import { usageNoticeMail } from './templates';
import { INCLUDED_MINUTES } from '../../../../rules/plan';

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'config'>;

const NOTICE_PERCENTS = [80, 100];

const monthName = (month: string) =>
  new Date(`${month}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The month's usage emails that are due: one at 80 % and one at 100 % of the included minutes,
 * each at most once (claimed in usage_notices before sending; given back if the mail fails).
 */
export async function sendUsageNotices(deps: Deps, userId: string, month: string) {
  const [usage] = await deps.db
    .select({
      minutes: usageMonths.minutes,
      email: users.email,
      name: users.name,
      trial: trialTermsSql(sql`${usageMonths.userId}`),
    })
    .from(usageMonths)
    .innerJoin(users, eq(users.id, usageMonths.userId))
    .where(and(eq(usageMonths.userId, userId), eq(usageMonths.month, month)));
  const due = NOTICE_PERCENTS.filter((p) => usage && usage.minutes * 100 >= p * INCLUDED_MINUTES);
  if (!due.length || !(await usageEmailsOn(deps.db, userId))) return;
  // Only the highest threshold reached is worth an email now.
  const percent = due[due.length - 1];
  const keys = due.map((p) => `${month}:${p}`);
  const claimed = await deps.db
    .insert(usageNotices)
    .values(keys.map((key) => ({ userId, key })))
    .onConflictDoNothing()
    .returning({ key: usageNotices.key });
  if (!claimed.some((c) => c.key === `${month}:${percent}`)) return;
  try {
    await deps.mailer.send(
      usageNoticeMail(
        usage.email,
        usage.name,
        {
          percent,
          used: usage.minutes,
          included: INCLUDED_MINUTES,
          month: monthName(month),
          trial: usage.trial,
        },
        deps.config.appUrl,
      ),
    );
  } catch (error) {
    for (const { key } of claimed) {
      await deps.db
        .delete(usageNotices)
        .where(and(eq(usageNotices.userId, userId), eq(usageNotices.key, key)));
    }
    throw error;
  }
}
