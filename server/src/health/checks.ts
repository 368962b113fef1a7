import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client';

// What /api/health/ready reports of each dependency: a hung one counts as down after CHECK_MS.
export type CheckResult = 'ok' | 'failed' | 'timeout' | 'not_configured';

export const CHECK_MS = 1000;

async function within(ms: number, work: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  const outcome = work().then(
    (): CheckResult => 'ok',
    (): CheckResult => 'failed',
  );
  try {
    return await Promise.race([outcome, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const checkDatabase = (db: Db, ms = CHECK_MS) => within(ms, () => db.execute(sql`select 1`));

// Without REDIS_URL the limits count in memory by design: nothing to be unready about.
export const checkRedis = (redis: Redis | undefined, ms = CHECK_MS): Promise<CheckResult> =>
  redis ? within(ms, () => redis.ping()) : Promise.resolve('not_configured');
