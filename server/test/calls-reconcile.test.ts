import { reconcileCalls } from '../src/calls/reconcile';
import { findJob } from '../src/jobs/schedule';
import type { TestContext } from './helpers/app';
import { callHistory, minutesUsed } from './helpers/dashboard';
import { calls, endedCall, requestsTo, TOKEN } from './helpers/fake-twilio';
import { giveNumber, newUser, postWebhook, type Subscriber } from './helpers/telephony';
import { createTwilioTestApp } from './helpers/twilio-app';

// The hourly reconciliation with Twilio's Calls API, on the Twilio path: calls whose status
// callbacks never reached us (an outage, a deploy) are read from Twilio and counted once.

let ctx: TestContext;
let owner: Subscriber;
const NUMBER = '+14155550100';
const PHONE = '+16505550123';
const CALLER = '+12125550111';
beforeAll(async () => {
  ctx = await createTwilioTestApp();
  owner = await newUser(ctx);
  await giveNumber(ctx, owner, NUMBER, PHONE);
});
afterAll(() => ctx.close());

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const placeCall = (recipient: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/twilio/create-call',
    headers: owner.headers,
    payload: { from_number: NUMBER, forwarding_number: PHONE, recipient },
  });

it('records and counts a forwarded call whose every report was lost, once', async () => {
  const before = await minutesUsed(ctx, owner);
  // Twilio asked our voice webhook (answered with the <Dial>), then none of the leg's reports arrived.
  const caller = endedCall({
    parentCallSid: null,
    from: CALLER,
    to: NUMBER,
    direction: 'inbound',
    status: 'completed',
    startTime: new Date(Date.now() - 100_000),
    duration: 100,
  });
  const dial = await postWebhook(
    ctx,
    '/api/twilio/voice',
    { CallSid: caller.sid, From: CALLER, To: NUMBER },
    TOKEN,
  );
  expect(dial.body).toContain('<Dial');
  endedCall({
    parentCallSid: caller.sid,
    from: CALLER,
    to: PHONE,
    direction: 'outbound-dial',
    status: 'completed',
    startTime: new Date(Date.now() - 95_000),
    duration: 95,
  });

  await expect(reconcileCalls(ctx.deps)).resolves.toMatchObject({ applied: 1 });
  const [call] = (await callHistory(ctx, owner)).calls;
  expect(call).toMatchObject({ direction: 'inbound', from_number: CALLER, to_number: NUMBER, duration: 95 });
  expect(await minutesUsed(ctx, owner)).toBe(before + 2);
  // Twilio was asked for the calls that ended since the last run.
  expect(requestsTo('/Calls.json').at(-1)?.query).toMatchObject({ 'EndTime>': expect.any(String) });

  // Idempotent on the Call SID: running again counts nothing twice.
  await reconcileCalls(ctx.deps);
  expect((await callHistory(ctx, owner)).metadata.total_items).toBe(1);
  expect(await minutesUsed(ctx, owner)).toBe(before + 2);
});

it("tells the account's open history of a call the job settled, as a webhook would", async () => {
  // What the account's open history streams hear (GET /dashboard/call-events: calls-live-events.test.ts).
  const heard: string[] = [];
  const unsubscribe = ctx.deps.callEvents.subscribe(owner.id, (id) => heard.push(id));
  const caller = endedCall({
    parentCallSid: null,
    from: '+12125550122',
    to: NUMBER,
    direction: 'inbound',
    status: 'completed',
    startTime: new Date(Date.now() - 50_000),
    duration: 50,
  });
  await postWebhook(ctx, '/api/twilio/voice', { CallSid: caller.sid, From: caller.from, To: NUMBER }, TOKEN);
  endedCall({
    parentCallSid: caller.sid,
    from: caller.from,
    to: PHONE,
    direction: 'outbound-dial',
    status: 'completed',
    startTime: new Date(Date.now() - 45_000),
    duration: 45,
  });
  // The job as a server process runs it (main.ts).
  const log = { info: () => {}, warn: () => {}, error: () => {} };
  await findJob('reconcile-calls')!.run(ctx.deps, log);
  const settled = (await callHistory(ctx, owner)).calls.find(
    (c: { from_number: string }) => c.from_number === '+12125550122',
  );
  expect(settled).toMatchObject({ duration: 45 });
  expect(heard).toEqual([settled.id]);
  unsubscribe();
});

it("settles a click-to-call left under way for ever, from Twilio's record of its legs", async () => {
  const before = await minutesUsed(ctx, owner);
  // The last run was half an hour from now, so this call's end is before the window of ended calls
  // the next run reads: only its record, still under way, leads to it.
  await reconcileCalls(ctx.deps, minutesFromNow(30));
  const res = await placeCall('+12025550143');
  expect(res.statusCode).toBe(201);
  // Twilio carried the call out, but its reports never reached us: our record says queued.
  const firstLeg = [...calls.values()].at(-1)!;
  Object.assign(firstLeg, { status: 'completed', startTime: new Date(), endTime: new Date(), duration: 75 });
  endedCall({
    parentCallSid: firstLeg.sid,
    from: NUMBER,
    to: '+12025550143',
    direction: 'outbound-dial',
    status: 'completed',
    startTime: new Date(),
    duration: 61,
  });
  await expect(reconcileCalls(ctx.deps, minutesFromNow(60))).resolves.toMatchObject({ settled: 1 });
  const call = (await callHistory(ctx, owner)).calls.find((c: { id: string }) => c.id === res.json().call.id);
  expect(call).toMatchObject({ status: 'completed', duration: 61 });
  expect(await minutesUsed(ctx, owner)).toBe(before + 2);
  // The account's one-call slot is free again.
  expect((await placeCall('+12025550144')).statusCode).toBe(201);
});

it('runs hourly as the reconcile-calls job', () => {
  expect(findJob('reconcile-calls')?.cron).toBe('10 * * * *');
});
