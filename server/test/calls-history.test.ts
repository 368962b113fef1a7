import type { TestContext } from './helpers/app';
import { appWithCallHistory, type UserCall } from './helpers/call-history';
import type { Subscriber } from './helpers/telephony';

let ctx: TestContext;
let user: Subscriber;
let other: Subscriber;

// 3 calls a day from 2026-03-01 to 2026-03-10 (UTC), alternating direction: 30 calls in all.
const calls = Array.from({ length: 10 }, (_, d) => d + 1).flatMap((day) =>
  [0, 12, 23].map((hour, i): UserCall => ({
    providerCallSid: `CA-${day}-${hour}`,
    direction: (day + i) % 2 ? 'inbound' : 'outbound',
    fromNumber: '+14155550100',
    toNumber: '+12025550143',
    status: 'completed',
    durationSeconds: day * 10 + i,
    createdAt: new Date(Date.UTC(2026, 2, day, hour, 30)),
  })),
);
beforeAll(async () => {
  ({ ctx, user, other } = await appWithCallHistory(calls));
});
afterAll(() => ctx.close());

const list = (query: string, who = user) =>
  ctx.app.inject({ method: 'GET', url: `/api/dashboard/calls${query}`, headers: who.headers });

describe('GET /api/dashboard/calls', () => {
  it('answers the first 10 of the user’s calls, newest first, with the metadata', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    const { calls, metadata } = res.json();
    expect(metadata).toEqual({ current_page: 1, total_pages: 3, total_items: 30, per_page: 10 });
    expect(calls).toHaveLength(10);
    expect(calls[0]).toEqual({
      id: expect.any(String),
      direction: 'outbound',
      from_number: '+14155550100',
      to_number: '+12025550143',
      created_at: '2026-03-10T23:30:00.000Z',
      duration: 102,
      status: 'completed',
    });
    const times = calls.map((c: { created_at: string }) => c.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('pages through every call exactly once', async () => {
    const pages = await Promise.all(
      [1, 2, 3, 4].map((p) => list(`?page=${p}&per_page=8`).then((r) => r.json())),
    );
    expect(pages.map((p) => p.calls.length)).toEqual([8, 8, 8, 6]);
    expect(new Set(pages.flatMap((p) => p.calls.map((c: { id: string }) => c.id))).size).toBe(30);
    const past = (await list('?page=5&per_page=8')).json();
    expect(past).toEqual({
      calls: [],
      metadata: { current_page: 5, total_pages: 4, total_items: 30, per_page: 8 },
    });
  });

  it('filters by whole UTC days, both ends included, and by direction', async () => {
    const range = (await list('?start_date=2026-03-02&end_date=2026-03-03&per_page=100')).json();
    expect(range.metadata.total_items).toBe(6);
    expect(range.calls.map((c: { created_at: string }) => c.created_at.slice(0, 10))).toEqual([
      ...Array(3).fill('2026-03-03'),
      ...Array(3).fill('2026-03-02'),
    ]);
    const inbound = (await list('?direction=inbound&start_date=2026-03-02&end_date=2026-03-03')).json();
    expect(inbound.metadata.total_items).toBe(3);
    expect(inbound.calls.every((c: { direction: string }) => c.direction === 'inbound')).toBe(true);
    const from = (await list('?start_date=2026-03-10')).json();
    expect(from.metadata.total_items).toBe(3);
    const until = (await list('?end_date=2026-03-01&direction=outbound')).json();
    expect(until.metadata.total_items).toBe(until.calls.length);
  });

  it("shows only the signed-in user's calls", async () => {
    const { calls, metadata } = (await list('', other)).json();
    expect(metadata.total_items).toBe(1);
    expect(calls.map((c: { from_number: string }) => c.from_number)).toEqual(['+13125550100']);
  });

  it.each([
    '?page=0',
    '?page=abc',
    '?per_page=101',
    '?per_page=0',
    '?start_date=2026-13-01',
    '?end_date=03/01/2026',
    '?direction=sideways',
    '?start_date=2026-03-05&end_date=2026-03-01',
  ])('answers 400 for %s', async (query) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: expect.any(String) });
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dashboard/calls' })).statusCode).toBe(401);
  });
});
