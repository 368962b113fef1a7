import { HEARTBEAT_MS } from '../src/calls/call-events-route';
import { createTestApp, type TestContext } from './helpers/app';
import { callHistory } from './helpers/dashboard';
import { openCallEvents } from './helpers/event-stream';
import { forwardLegReport, giveNumber, newUser, type Subscriber } from './helpers/telephony';
import { fakeIntervalsOnly } from './helpers/wall-clock';

// GET /api/dashboard/call-events: the open call history hears that one of its account's calls was
// recorded or changed (the call's id only), and nothing about other accounts' calls.

let ctx: TestContext;
let baseUrl: string;
let owner: Subscriber;
let other: Subscriber;
const NUMBER = '+16465550400';
const OTHER_NUMBER = '+16465550401';
beforeAll(async () => {
  ctx = await createTestApp();
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await newUser(ctx);
  other = await newUser(ctx);
  await giveNumber(ctx, owner, NUMBER, '+16465559999');
  await giveNumber(ctx, other, OTHER_NUMBER, '+16465559998');
});
afterAll(() => ctx.close());

const streamsOpen = async () => {
  const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics' });
  return Number(/^forwardly_call_event_streams (\d+)$/m.exec(metrics.body)?.[1]);
};

it('tells the account of each change to its calls, by id, and never another account', async () => {
  const mine = await openCallEvents(baseUrl, owner.headers.authorization);
  const theirs = await openCallEvents(baseUrl, other.headers.authorization);
  expect(mine.res.status).toBe(200);
  expect(mine.res.headers.get('content-type')).toBe('text/event-stream');
  expect(mine.res.headers.get('cache-control')).toBe('no-store');
  expect(await streamsOpen()).toBe(2);

  // A webhook records the owner's inbound call, then ends it.
  const call = { sid: 'CAlive1', number: NUMBER };
  expect((await forwardLegReport(ctx, call, 'ringing')).statusCode).toBe(204);
  const [recorded] = (await callHistory(ctx, owner)).calls;
  expect(await mine.next()).toEqual({ event: 'call', data: JSON.stringify({ id: recorded.id }) });
  expect((await forwardLegReport(ctx, call, 'completed', 30)).statusCode).toBe(204);
  expect(await mine.next()).toEqual({ event: 'call', data: JSON.stringify({ id: recorded.id }) });
  // A redelivered end report changes nothing, so it tells nothing: the next event is the next call.
  expect((await forwardLegReport(ctx, call, 'completed', 30)).statusCode).toBe(204);

  // The other account's first event is its own call: the owner's never reached it.
  expect((await forwardLegReport(ctx, { sid: 'CAlive2', number: OTHER_NUMBER }, 'ringing')).statusCode).toBe(
    204,
  );
  const [theirCall] = (await callHistory(ctx, other)).calls;
  expect(await theirs.next()).toEqual({ event: 'call', data: JSON.stringify({ id: theirCall.id }) });

  expect((await forwardLegReport(ctx, { sid: 'CAlive3', number: NUMBER }, 'ringing')).statusCode).toBe(204);
  const [next] = (await callHistory(ctx, owner)).calls;
  expect(next.id).not.toBe(recorded.id);
  expect(await mine.next()).toEqual({ event: 'call', data: JSON.stringify({ id: next.id }) });

  await mine.close();
  await theirs.close();
  for (const deadline = Date.now() + 5000; (await streamsOpen()) !== 0;) {
    if (Date.now() > deadline) throw new Error('the closed streams are still counted');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
});

it('sends a comment every 25 s, so proxies keep a quiet stream open', async () => {
  // Only the stream's interval is faked: the server, the database and the client run for real.
  fakeIntervalsOnly();
  try {
    const mine = await openCallEvents(baseUrl, owner.headers.authorization);
    expect(await mine.nextBlock()).toBe(': open');
    jest.advanceTimersByTime(HEARTBEAT_MS);
    expect(await mine.nextBlock()).toBe(': heartbeat');
    await mine.close();
  } finally {
    jest.useRealTimers();
  }
});

it('answers 401 without a session, as the other dashboard routes', async () => {
  const res = await fetch(`${baseUrl}/api/dashboard/call-events`);
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({
    error: 'unauthorized',
    message: 'Your session has expired. Please sign in again.',
  });
});

it('ends its streams when the node closes, so closing never waits on them', async () => {
  const mine = await openCallEvents(baseUrl, owner.headers.authorization);
  expect(mine.res.status).toBe(200);
  await ctx.app.close();
  expect(await mine.next()).toBeUndefined();
});
