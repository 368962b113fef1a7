import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { Filters } from '../src/calls/history';
import { type CallRow, deleteCall, insertCall } from '../src/calls/record';
import { callView } from '../src/calls/view';
import { calls } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { dayRange } from '../../rules/days';
import { newUser, type Subscriber } from './helpers/telephony';

// Every page of every filter combination, against a plain ORDER BY/OFFSET over the calls
// themselves: pages and totals are read from the calls' places in the history (record.ts), so they
// must agree exactly, across ties, empty days, removed calls and pages past the end; and for days
// of a time zone. (Calls recorded out of order: calls-history-positions.test.ts.)

let ctx: TestContext;
let user: Subscriber;
let other: Subscriber;
// Enough that each direction alone has deep pages (past the first 200 calls), over ten months.
const CALLS = 650;
// Minutes back from one call to the next: ties (0), near calls, and gaps of one or two days.
const STEPS = [0, 37, 0, 290, 1500, 11, 3000];
const recorded: CallRow[] = [];
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestApp();
  [user, other] = await Promise.all([newUser(ctx), newUser(ctx)]);
  // recorded[0] is the newest call; they are recorded oldest first, as calls come.
  const times: number[] = [];
  for (let i = 0, at = Date.UTC(2026, 5, 30, 23, 50); i < CALLS; i++) {
    at -= STEPS[i % STEPS.length] * 60_000;
    times.push(at);
  }
  await ctx.deps.db.transaction(async (tx) => {
    for (let i = CALLS - 1; i >= 0; i--) {
      for (const owner of i % 10 ? [user] : [user, other]) {
        const row = await insertCall(tx, {
          userId: owner.id,
          providerCallSid: `CA-${owner.id}-${i}`,
          direction: i % 3 ? 'inbound' : 'outbound',
          fromNumber: '+14155550100',
          toNumber: '+12025550143',
          status: i % 4 ? 'completed' : 'no-answer',
          durationSeconds: i % 4 ? i : 0,
          createdAt: new Date(times[i]),
        });
        if (row && owner === user) recorded[i] = row;
      }
    }
    // A day whose calls were all removed: every later call moves down.
    const emptied = utcDay(recorded[150].createdAt);
    for (const row of recorded.filter((r) => utcDay(r.createdAt) === emptied)) await deleteCall(tx, row);
  });
});
afterAll(() => ctx.close());

/** The page as a straightforward query over the calls answers it. */
async function reference(f: Filters, page: number, perPage: number, owner = user) {
  const { from, until } = dayRange(f.startDate, f.endDate, f.timeZone);
  const where = and(
    eq(calls.userId, owner.id),
    f.direction ? eq(calls.direction, f.direction) : undefined,
    from ? gte(calls.createdAt, from) : undefined,
    until ? lt(calls.createdAt, until) : undefined,
  );
  const rows = await ctx.deps.db
    .select()
    .from(calls)
    .where(where)
    .orderBy(desc(calls.createdAt), desc(calls.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [{ total }] = await ctx.deps.db.select({ total: count() }).from(calls).where(where);
  return {
    calls: rows.map((row) => {
      const { stage: _, ...listed } = callView(row);
      return listed;
    }),
    metadata: {
      current_page: page,
      total_pages: Math.ceil(total / perPage),
      total_items: total,
      per_page: perPage,
    },
  };
}

const query = (f: Filters, page: number, perPage: number) =>
  new URLSearchParams({
    page: String(page),
    per_page: String(perPage),
    ...(f.direction && { direction: f.direction }),
    ...(f.startDate && { start_date: f.startDate }),
    ...(f.endDate && { end_date: f.endDate }),
    ...(f.timeZone && { time_zone: f.timeZone }),
  });

const START = () => utcDay(recorded[250].createdAt);
const END = () => utcDay(recorded[40].createdAt);
const combinations: [string, () => Filters][] = [];
for (const direction of [undefined, 'inbound', 'outbound'] as const) {
  for (const start of [false, true]) {
    for (const end of [false, true]) {
      const name = [direction ?? 'both directions', start && 'from a day', end && 'until a day'].filter(
        Boolean,
      );
      combinations.push([
        name.join(', '),
        () => ({ direction, startDate: start ? START() : undefined, endDate: end ? END() : undefined }),
      ]);
    }
  }
}

/** The day of `zone` that recorded[i] falls on: its ends fall inside UTC days that hold calls. */
const zoneDay = (i: number, zone: string) =>
  recorded[i].createdAt.toLocaleDateString('en-CA', { timeZone: zone });

// Days behind UTC (a US zone, across its DST change), ahead of it, and half an hour off.
for (const timeZone of ['America/Los_Angeles', 'Pacific/Guam', 'Asia/Kolkata']) {
  for (const [start, end] of [
    [true, true],
    [true, false],
    [false, true],
  ]) {
    const name = [start && 'from a day', end && 'until a day', `of ${timeZone}`].filter(Boolean);
    combinations.push([
      name.join(', '),
      () => ({
        startDate: start ? zoneDay(250, timeZone) : undefined,
        endDate: end ? zoneDay(40, timeZone) : undefined,
        timeZone,
      }),
    ]);
  }
}

describe('GET /api/dashboard/calls, page by page', () => {
  it.each(combinations)(
    '%s: every page, and the one past the end, as ORDER BY/OFFSET gives it',
    async (_, filters) => {
      const f = filters();
      for (const perPage of [10, 7]) {
        const first = await reference(f, 1, perPage);
        expect(first.metadata.total_items).toBeGreaterThan(perPage);
        for (let page = 1; page <= first.metadata.total_pages + 1; page++) {
          const res = await ctx.app.inject({
            method: 'GET',
            url: `/api/dashboard/calls?${query(f, page, perPage)}`,
            headers: user.headers,
          });
          expect(res.json()).toEqual(await reference(f, page, perPage));
        }
      }
    },
  );

  // Ranges of every shape against months: inside one, exactly one, across a month end, open-ended.
  it.each([
    ['inside one month', '2026-03-05', '2026-03-20'],
    ['exactly one month', '2026-03-01', '2026-03-31'],
    ['across a month end, no whole month', '2026-03-05', '2026-04-10'],
    ['whole months and parts of two', '2026-01-15', '2026-04-10'],
    ['from the first of a month', '2026-03-01', undefined],
    ['until the last of a month', undefined, '2026-03-31'],
    ['one day', 'a day with calls', 'a day with calls'],
  ])('a range %s: its first page and total, as ORDER BY/OFFSET gives them', async (_, from, until) => {
    const day = (d?: string) => (d === 'a day with calls' ? utcDay(recorded[300].createdAt) : d);
    const [startDate, endDate] = [day(from), day(until)];
    for (const [direction, timeZone] of [
      [undefined, undefined],
      ['outbound', undefined],
      [undefined, 'America/Chicago'],
    ] as const) {
      const f = { direction, startDate, endDate, timeZone };
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/dashboard/calls?${query(f, 1, 10)}`,
        headers: user.headers,
      });
      const expected = await reference(f, 1, 10);
      expect(expected.metadata.total_items).toBeGreaterThan(0);
      expect(res.json()).toEqual(expected);
    }
  });

  it('answers an empty page for a range without calls, and a far page, with the total', async () => {
    const future = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/dashboard/calls?start_date=2027-01-01',
        headers: user.headers,
      })
    ).json();
    expect(future).toEqual({
      calls: [],
      metadata: { current_page: 1, total_pages: 0, total_items: 0, per_page: 10 },
    });
    const far = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/dashboard/calls?page=100000&per_page=100',
        headers: user.headers,
      })
    ).json();
    expect(far.calls).toEqual([]);
    expect(far.metadata.total_items).toBe((await reference({}, 1, 10)).metadata.total_items);
  });

  it("stops a deep page inside a zone's last day at that day's end, not at its UTC day's", async () => {
    const busy = await newUser(ctx);
    // 240 calls two minutes apart from midnight UTC: 210 of them before 07:00 UTC, the end of
    // 2026-06-09 in Los Angeles.
    await ctx.deps.db.transaction(async (tx) => {
      for (let i = 0; i < 240; i++) {
        await insertCall(tx, {
          userId: busy.id,
          providerCallSid: `CA-busy-${i}`,
          direction: 'inbound',
          fromNumber: '+14155550100',
          toNumber: '+12025550143',
          status: 'completed',
          durationSeconds: 60,
          createdAt: new Date(Date.UTC(2026, 5, 10) + i * 120_000),
        });
      }
    });
    const f = { endDate: '2026-06-09', timeZone: 'America/Los_Angeles' };
    for (const page of [21, 22]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/dashboard/calls?${query(f, page, 10)}`,
        headers: busy.headers,
      });
      expect(res.json()).toEqual(await reference(f, page, 10, busy));
    }
    expect((await reference(f, 21, 10, busy)).calls).toHaveLength(10);
  });
});
