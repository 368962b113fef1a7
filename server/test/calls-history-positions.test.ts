import { asc, eq } from 'drizzle-orm';
import { type CallRow, deleteCall, insertCall, type NewCall } from '../src/calls/record';
import { calls } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { giveNumber, newUser, type Subscriber } from './helpers/telephony';

// The history's pages and totals come from each call's place in its account's history (and among its
// direction's calls): the places must always be 1, 2, 3… in the history's order, whatever happens to
// the calls and in whatever order they are recorded.

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

/** A completed call of `user` at 12:`minute` UTC on 2026-03-01. */
const callAt = (
  user: Subscriber,
  name: string,
  minute: number,
  direction: 'inbound' | 'outbound',
): NewCall => ({
  userId: user.id,
  providerCallSid: `CA-${name}-${user.id}`,
  direction,
  fromNumber: '+16465550100',
  toNumber: '+12025550143',
  status: 'completed',
  createdAt: new Date(Date.UTC(2026, 2, 1, 12, minute)),
});

/** The account's calls in the history's order (oldest first), with their places. */
async function placed(userId: string) {
  return ctx.deps.db
    .select({ direction: calls.direction, position: calls.position, inDirection: calls.directionPosition })
    .from(calls)
    .where(eq(calls.userId, userId))
    .orderBy(asc(calls.createdAt), asc(calls.id));
}

/** The places each call must have: its rank among the account's calls, and among its direction's. */
function ranks(rows: { direction: string }[]) {
  const seen: Record<string, number> = {};
  return rows.map((row, i) => ({
    direction: row.direction,
    position: i + 1,
    inDirection: (seen[row.direction] = (seen[row.direction] ?? 0) + 1),
  }));
}

async function expectExact(user: Subscriber, expected: { inbound?: number; outbound?: number }) {
  const { inbound = 0, outbound = 0 } = expected;
  const rows = await placed(user.id);
  expect(rows).toEqual(ranks(rows));
  expect(rows).toHaveLength(inbound + outbound);
  expect(await totalItems(user)).toBe(inbound + outbound);
  expect(await totalItems(user, '?direction=inbound')).toBe(inbound);
  expect(await totalItems(user, '?direction=outbound')).toBe(outbound);
}

describe("the calls' places in the history", () => {
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
    expect(await placed(gone.user.id)).toEqual([]);
    await expectExact(kept.user, { inbound: 1 });
  });

  it('place calls recorded out of order, at the same instant, and removed from the middle', async () => {
    const user = await newUser(ctx);
    const call = (i: number, minute: number) =>
      callAt(user, `order-${i}`, minute, i % 3 ? 'inbound' : 'outbound');
    // Newest first, oldest last, three at one instant, then one between the others.
    const minutes = [50, 40, 10, 30, 30, 30, 0, 20, 45];
    const rows: (CallRow | undefined)[] = [];
    for (const [i, minute] of minutes.entries()) {
      rows.push(await ctx.deps.db.transaction((tx) => insertCall(tx, call(i, minute))));
    }
    await expectExact(user, { inbound: 6, outbound: 3 });
    // The row answered is the call as placed: the last, at 12:45, came 8th of the 9.
    const [last] = await ctx.deps.db.select().from(calls).where(eq(calls.id, rows[8]!.id));
    expect(rows[8]).toEqual(last);
    expect(last).toMatchObject({ position: 8, directionPosition: 6 });
    for (const i of [3, 4, 1]) await ctx.deps.db.transaction((tx) => deleteCall(tx, rows[i]!));
    await expectExact(user, { inbound: 4, outbound: 2 });
  });

  it('place calls recorded at the same time, each in its own transaction', async () => {
    const user = await newUser(ctx);
    // Each insert locks the account's row while it places its call: none reads a place another is taking.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        ctx.deps.db.transaction((tx) =>
          insertCall(tx, callAt(user, `together-${i}`, (i * 7) % 12, i % 2 ? 'inbound' : 'outbound')),
        ),
      ),
    );
    await expectExact(user, { inbound: 6, outbound: 6 });
  });
});
