import { createTestApp, type TestContext } from './helpers/app';
import { forwardLegReport, giveNumber, newUser, type Subscriber } from './helpers/telephony';
import { setWallClock } from './helpers/wall-clock';

// Minutes count in the UTC month a call started in, whatever the server's own zone: .ci/run runs this
// file again with TZ=America/Los_Angeles, where 00:00 UTC on the 1st is still the last day locally.

let ctx: TestContext;
let owner: Subscriber;
const NUMBER = '+15035550170';
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await newUser(ctx);
  await giveNumber(ctx, owner, NUMBER, '+15035559999');
});
afterAll(() => ctx.close());
afterEach(() => jest.useRealTimers());

const usageAt = async (at: string) => {
  setWallClock(at);
  const res = await ctx.app.inject({ method: 'GET', url: '/api/dashboard/usage', headers: owner.headers });
  return res.json<{ period_start: string; period_end: string; minutes_used: number }>();
};

// A call that started at `startedAt` and talked `minutes` whole minutes, reported as it ends.
let sid = 0;
async function callStartedAt(startedAt: string, minutes: number) {
  setWallClock(new Date(Date.parse(startedAt) + minutes * 60_000).toISOString());
  const res = await forwardLegReport(
    ctx,
    { sid: `CAmonth${++sid}`, number: NUMBER },
    'completed',
    minutes * 60,
  );
  expect(res.statusCode).toBe(204);
}

it('counts a call from 23:59:59 UTC on the last day in that month, one from 00:00:00 UTC in the next', async () => {
  await callStartedAt('2026-01-31T23:59:59Z', 3);
  await callStartedAt('2026-02-01T00:00:00Z', 5);

  expect(await usageAt('2026-01-31T23:59:59Z')).toMatchObject({
    period_start: '2026-01-01',
    period_end: '2026-01-31',
    minutes_used: 3,
  });
  expect(await usageAt('2026-02-01T00:00:00Z')).toMatchObject({
    period_start: '2026-02-01',
    period_end: '2026-02-28',
    minutes_used: 5,
  });
});
