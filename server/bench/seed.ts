import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

export const BENCH_NUMBER = '+14155550100';
// The number of one of the other users, a paid subscriber (no trial cap).
export const PAID_NUMBER = '+14155550101';
// The numbers of the others, each a trial's: inbound calls spread over many trial accounts, as real ones are.
export const trialNumber = (i: number) => `+1415555${String(200 + i).padStart(4, '0')}`;
export const CALLS_PER_USER = 100_000;
export const OTHER_USERS = 20;
const OTHER_CALLS_EACH = 5_000;

const insertUser = async (db: Db, id: string, label: string) => {
  await db.execute(sql`insert into users (id, name, email, password_hash, terms_accepted_at)
    values (${id}, ${label}, ${`${label}@bench.example`}, 'not-a-login', now())`);
};

/**
 * The places in the history (calls/record.ts) of call `i` of `count` made by generate_series, when
 * call 1 is the newest and directions alternate: the calls of i's parity from i to count are its
 * direction's calls up to it.
 */
export const seriesPlaces = (count: number) => sql`${count} - i + 1, (${count} - i) / 2 + 1`;

// Calls spread evenly over the past year, alternating direction; `offset` keeps call ids unique.
const insertCalls = async (db: Db, userId: string, count: number, offset: number) => {
  const spacing = Math.floor((365 * 86_400) / count);
  await db.execute(sql`insert into calls (user_id, provider_call_sid, direction, from_number, to_number,
      status, duration_seconds, created_at, position, direction_position)
    select ${userId}, 'CAbench' || (i + ${offset}), case when i % 2 = 0 then 'inbound' else 'outbound' end,
      '+12125550111', ${BENCH_NUMBER}, 'completed', i % 600, now() - i * ${spacing} * interval '1 second',
      ${seriesPlaces(count)}
    from generate_series(1, ${count}) as i`);
};

/**
 * The measured user: a trial, a forwarded number and 100,000 calls, beside 20 other users with
 * 5,000 calls each so the indexes hold more than one account, each with a number for the webhook:
 * the first a paid subscriber's, the others trials' (trialNumber). Bulk SQL for speed, each call
 * in its place.
 */
export async function seedBenchUser(db: Db): Promise<string> {
  const userId = randomUUID();
  await insertUser(db, userId, 'bench');
  await trialLine(db, userId, BENCH_NUMBER);
  await insertCalls(db, userId, CALLS_PER_USER, 0);
  for (let i = 0; i < OTHER_USERS; i++) {
    const other = randomUUID();
    await insertUser(db, other, `other-${i}`);
    await (i === 0 ? paidLine(db, other) : trialLine(db, other, trialNumber(i)));
    await insertCalls(db, other, OTHER_CALLS_EACH, CALLS_PER_USER + i * OTHER_CALLS_EACH);
  }
  await settle(db);
  return userId;
}

const trialLine = async (db: Db, userId: string, number: string) => {
  await db.execute(sql`insert into subscriptions (user_id, provider, status, current_period_end)
    values (${userId}, 'sandbox', 'trialing', now() + interval '14 days')`);
  await db.execute(sql`insert into phone_numbers (user_id, phone_number, provider_sid, forwarding_number)
    values (${userId}, ${number}, ${`PN${number.slice(1)}`}, '+16505550123')`);
};

const paidLine = async (db: Db, userId: string) => {
  await db.execute(sql`insert into subscriptions (user_id, provider, status, current_period_end, first_paid_at)
    values (${userId}, 'sandbox', 'active', now() + interval '300 days', now() - interval '65 days')`);
  await db.execute(sql`insert into phone_numbers (user_id, phone_number, provider_sid, forwarding_number)
    values (${userId}, ${PAID_NUMBER}, 'PNpaid', '+16505550124')`);
};

/** After bulk inserts: the steady state autovacuum keeps (statistics, visibility maps for index-only scans). */
export async function settle(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}
