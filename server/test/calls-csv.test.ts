import { parse } from 'csv-parse/sync';
import { callsCsv } from '../src/calls/csv';
import type { TestContext } from './helpers/app';
import { appWithCallHistory, type UserCall } from './helpers/call-history';
import type { Subscriber } from './helpers/telephony';

let ctx: TestContext;
let user: Subscriber;
let other: Subscriber;

// 2 calls a day from 2026-03-01 to 2026-03-05 (UTC): inbound answered, then outbound unanswered.
const call = (day: number, hour: number, fields: Omit<UserCall, 'providerCallSid' | 'createdAt'>) => ({
  providerCallSid: `CA-${fields.direction}-${day}`,
  createdAt: new Date(Date.UTC(2026, 2, day, hour)),
  ...fields,
});
const calls = [1, 2, 3, 4, 5].flatMap((day) => [
  call(day, 9, {
    direction: 'inbound',
    fromNumber: '+12125550111',
    toNumber: '+14155550100',
    status: 'completed',
    durationSeconds: 60 + day,
  }),
  call(day, 18, {
    direction: 'outbound',
    fromNumber: '+14155550100',
    toNumber: '+13125550199',
    status: 'no-answer',
  }),
]);
beforeAll(async () => {
  ({ ctx, user, other } = await appWithCallHistory(calls));
});
afterAll(() => ctx.close());

const download = (query: string, who = user) =>
  ctx.app.inject({ method: 'GET', url: `/api/dashboard/calls.csv${query}`, headers: who.headers });
const rowsOf = (body: string) => parse<Record<string, string>>(body, { columns: true });

describe('GET /api/dashboard/calls.csv', () => {
  it("downloads all the user's calls, newest first, as a CSV file", async () => {
    const res = await download('');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="calls.csv"');
    const rows = rowsOf(res.body);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual({
      'Date and time (UTC)': '2026-03-05T18:00:00.000Z',
      Direction: 'outbound',
      From: '+14155550100',
      To: '+13125550199',
      Status: 'No answer',
      Duration: '0:00',
      'Duration (seconds)': '0',
    });
    expect(rows[1]).toMatchObject({
      Direction: 'inbound',
      Status: 'Answered',
      Duration: '1:05',
      'Duration (seconds)': '65',
    });
  });

  it('takes the same filters as the list: whole (UTC) days, both ends included, and direction', async () => {
    const res = await download(
      '?start_date=2026-03-02&end_date=2026-03-03&direction=inbound&page=2&per_page=1',
    );
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="calls-2026-03-02-to-2026-03-03.csv"',
    );
    expect(rowsOf(res.body).map((r) => r['Date and time (UTC)'])).toEqual([
      '2026-03-03T09:00:00.000Z',
      '2026-03-02T09:00:00.000Z',
    ]);
  });

  it("reads the dates as days of the list's time zone, and writes the times on its clock", async () => {
    // Guam's 2026-03-02 runs from 14:00 UTC on the 1st to 14:00 UTC on the 2nd.
    const res = await download('?start_date=2026-03-02&end_date=2026-03-02&time_zone=Pacific/Guam');
    expect(rowsOf(res.body).map((r) => r['Date and time (Pacific/Guam)'])).toEqual([
      '2026-03-02T19:00:00.000+10:00',
      '2026-03-02T04:00:00.000+10:00',
    ]);
    const chicago = await download('?start_date=2026-03-05&time_zone=America/Chicago');
    expect(rowsOf(chicago.body).map((r) => r['Date and time (America/Chicago)'])).toEqual([
      '2026-03-05T12:00:00.000-06:00',
      '2026-03-05T03:00:00.000-06:00',
    ]);
  });

  it("has only the header when nothing matches, and never another account's calls", async () => {
    expect(rowsOf((await download('?start_date=2027-01-01')).body)).toEqual([]);
    expect(rowsOf((await download('', other)).body).map((r) => r.From)).toEqual(['+13125550100']);
  });

  it('reads the history a batch at a time without losing or repeating a call', async () => {
    let text = '';
    for await (const chunk of callsCsv(ctx.deps.db, user.id, {}, { batchSize: 3 })) text += chunk;
    const times = rowsOf(text).map((r) => r['Date and time (UTC)']);
    expect(times).toHaveLength(10);
    expect(new Set(times).size).toBe(10);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it.each(['?start_date=2026-03-05&end_date=2026-03-01', '?direction=sideways', '?end_date=03/01/2026'])(
    'answers 400 for %s',
    async (query) => {
      const res = await download(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('bad_request');
    },
  );

  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dashboard/calls.csv' })).statusCode).toBe(401);
  });
});
