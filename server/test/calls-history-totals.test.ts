import { eq, sql } from 'drizzle-orm';
import { deleteCall, insertCall } from '../src/calls/record';
import { callDayCounts, callMonthCounts, calls, callTotals } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { giveNumber, newUser, type Subscriber } from './helpers/telephony';

// The history's totals come from counters kept beside the calls (per direction, per day, per month): they
// must always equal what counting the calls gives, whatever happens to the calls.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let numbers = 0;
async function subscriberWithNumber() {
  const user = await newUser(ctx);
  const number = `+1646555010${numbers++}`;
  await giveNumber(ctx, user, number, '+16465559999');
  return { user, number };
}

const inboundCall = (to: string, payload: object = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/sandbox/inbound-call',
    payload: { to, from: '+13105550123', ...payload },
  });

const totalItems = (user: Subscriber, query = '') =>
  ctx.app
    .inject({ method: 'GET', url: `/api/dashboard/calls${query}`, headers: user.headers })
    .then((r) => r.json().metadata.total_items as number);

const byDirection = (rows: { direction: string; n: number }[]) =>
  Object.fromEntries(rows.filter((r) => r.n > 0).map((r) => [r.direction, r.n]));

/** The counters, summed per direction, beside the calls counted. */
async function countersAndCalls(userId: string) {
  const db = ctx.deps.db;
  const [totals, days, months, counted] = await Promise.all([
    db
      .select({ direction: callTotals.direction, n: callTotals.count })
      .from(callTotals)
      .where(eq(callTotals.userId, userId)),
    db
      .select({ direction: callDayCounts.direction, n: sql<number>`sum(${callDayCounts.count})::int` })
      .from(callDayCounts)
      .where(eq(callDayCounts.userId, userId))
      .groupBy(callDayCounts.direction),
    db
      .select({ direction: callMonthCounts.direction, n: sql<number>`sum(${callMonthCounts.count})::int` })
      .from(callMonthCounts)
      .where(eq(callMonthCounts.userId, userId))
      .groupBy(callMonthCounts.direction),
    db
      .select({ direction: calls.direction, n: sql<number>`count(*)::int` })
      .from(calls)
      .where(eq(calls.userId, userId))
      .groupBy(calls.direction),
  ]);
  return {
    totals: byDirection(totals),
    days: byDirection(days),
    months: byDirection(months),
    calls: byDirection(counted),
  };
}

async function expectExact(user: Subscriber, expected: { inbound?: number; outbound?: number }) {
  const { inbound = 0, outbound = 0 } = expected;
  expect(await countersAndCalls(user.id)).toEqual({
    totals: expected,
    days: expected,
    months: expected,
    calls: expected,
  });
  expect(await totalItems(user)).toBe(inbound + outbound);
  expect(await totalItems(user, '?direction=inbound')).toBe(inbound);
  expect(await totalItems(user, '?direction=outbound')).toBe(outbound);
}

describe('the history totals', () => {
  it('count each call once as its status reports update it', async () => {
    const { user, number } = await subscriberWithNumber();
    // Each call is reported several times (ringing, answered, completed) with its status and duration.
    expect((await inboundCall(number, { duration: 42 })).statusCode).toBe(201);
    expect((await inboundCall(number, { duration: 95, outcome: 'no-answer' })).statusCode).toBe(201);
    expect((await inboundCall(number, { duration: 7, outcome: 'busy' })).statusCode).toBe(201);
    await expectExact(user, { inbound: 3 });
    const rows = await ctx.deps.db.select().from(calls).where(eq(calls.userId, user.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['busy', 'completed', 'no-answer']);
  });

  it('count a call recorded twice (a redelivered report) once, and a removed call no more', async () => {
    const user = await newUser(ctx);
    const call = {
      userId: user.id,
      providerCallSid: `CA-twice-${user.id}`,
      direction: 'outbound' as const,
      fromNumber: '+16465550100',
      toNumber: '+12025550143',
      status: 'queued' as const,
      createdAt: new Date(Date.UTC(2026, 2, 1, 23, 59)),
    };
    const row = await ctx.deps.db.transaction((tx) => insertCall(tx, call));
    expect(await ctx.deps.db.transaction((tx) => insertCall(tx, call))).toBeUndefined();
    await expectExact(user, { outbound: 1 });
    await ctx.deps.db.transaction((tx) => deleteCall(tx, row!));
    await ctx.deps.db.transaction((tx) => deleteCall(tx, row!));
    await expectExact(user, {});
  });

  it("go with a deleted account, and leave other accounts' totals as they were", async () => {
    const kept = await subscriberWithNumber();
    const gone = await subscriberWithNumber();
    for (const { number } of [kept, gone, gone]) {
      expect((await inboundCall(number, { duration: 30 })).statusCode).toBe(201);
    }
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: gone.user.headers,
      payload: { password: gone.user.password },
    });
    expect(deleted.statusCode).toBe(204);
    const left = await countersAndCalls(gone.user.id);
    expect(left).toEqual({ totals: {}, days: {}, months: {}, calls: {} });
    await expectExact(kept.user, { inbound: 1 });
  });
});
