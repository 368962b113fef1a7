import { parse } from 'csv-parse/sync';
import { TRIAL_CALL_MINUTES } from '../../rules/plan';
import { usageMonths } from '../src/db/schema';
import { monthOf } from '../src/usage/months';
import { createTestApp, type TestContext } from './helpers/app';
import { lapse } from './helpers/billing';
import { callHistory, minutesUsed } from './helpers/dashboard';
import { readOutbox, waitForMailWith } from './helpers/outbox';
import { giveNumber, newUser, postWebhook, type Subscriber } from './helpers/telephony';
import { verbsOf } from './helpers/twiml';
import { moveDateForward } from './helpers/wall-clock';

// A call to a number whose account has no service is refused, and leaves a trace: a "Blocked" row in
// the history (and its CSV file) that counts no minute, and a mail to the owner, once a day per reason.

let ctx: TestContext;
let owner: Subscriber;
const NUMBER = '+16465550300';
const CALLER = '+12125550177';
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await newUser(ctx);
  await giveNumber(ctx, owner, NUMBER, '+16465559999');
  // The trial's minutes are used up.
  await ctx.deps.db
    .insert(usageMonths)
    .values({ userId: owner.id, month: monthOf(new Date()), minutes: TRIAL_CALL_MINUTES });
});
afterAll(async () => {
  jest.useRealTimers();
  await ctx.close();
});

const ring = async (sid: string) => {
  const res = await postWebhook(ctx, '/api/twilio/voice', { CallSid: sid, From: CALLER, To: NUMBER });
  expect(res.statusCode).toBe(200);
  return verbsOf(res.body);
};
const blockedMails = (fragment: string) =>
  readOutbox(ctx.deps.config.dataDir).filter((m) => m.to === owner.email && m.text.includes(fragment));
const TRIAL_REASON = `your free trial's ${TRIAL_CALL_MINUTES} minutes of calls are used up`;
const INACTIVE_REASON = 'your subscription is not active';

it('records a call refused at the trial cap as blocked, counting no minute, and mails the owner', async () => {
  expect(await ring('CAblocked1')).toEqual(['Reject']);

  const { calls, metadata } = await callHistory(ctx, owner);
  expect(metadata.total_items).toBe(1);
  expect(calls[0]).toEqual({
    id: expect.any(String),
    direction: 'inbound',
    from_number: CALLER,
    to_number: NUMBER,
    created_at: expect.any(String),
    duration: 0,
    status: 'blocked',
  });
  expect(await minutesUsed(ctx, owner)).toBe(TRIAL_CALL_MINUTES);

  const csv = await ctx.app.inject({
    method: 'GET',
    url: '/api/dashboard/calls.csv',
    headers: owner.headers,
  });
  expect(parse(csv.body, { columns: true })).toEqual([
    expect.objectContaining({ From: CALLER, Status: 'Blocked', 'Duration (seconds)': '0' }),
  ]);

  const mail = await waitForMailWith(ctx.deps.config.dataDir, TRIAL_REASON);
  expect(mail.to).toBe(owner.email);
  expect(mail.subject).toBe(`A call to ${NUMBER} was blocked`);
  expect(mail.text).toContain(`${CALLER} called your number ${NUMBER} on `);
  expect(mail.text).toContain('"Start paid plan now" on your dashboard: http://localhost:3000/dashboard');
});

it('records a caller trying again, but mails once a day for each reason', async () => {
  expect(await ring('CAblocked2')).toEqual(['Reject']);
  // Twilio asking again about the same call records it once.
  expect(await ring('CAblocked2')).toEqual(['Reject']);
  expect((await callHistory(ctx, owner)).calls.map((c: { status: string }) => c.status)).toEqual([
    'blocked',
    'blocked',
  ]);

  // Another reason is worth its own mail: the subscription ended.
  await lapse(ctx.app, owner);
  expect(await ring('CAblocked3')).toEqual(['Reject']);
  const inactive = await waitForMailWith(ctx.deps.config.dataDir, INACTIVE_REASON);
  expect(inactive.text).toContain('renew your plan: http://localhost:3000/dashboard');
  expect(blockedMails(TRIAL_REASON)).toHaveLength(1);
  expect((await callHistory(ctx, owner)).metadata.total_items).toBe(3);
  expect(await minutesUsed(ctx, owner)).toBe(TRIAL_CALL_MINUTES);

  // The next day, the same reason is mailed again.
  moveDateForward(24 * 60 * 60 * 1000);
  expect(await ring('CAblocked4')).toEqual(['Reject']);
  for (const deadline = Date.now() + 10_000; blockedMails(INACTIVE_REASON).length < 2;) {
    if (Date.now() > deadline) throw new Error('no second mail about blocked calls');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  jest.useRealTimers();
});

it('does not record a call to a number without a forwarding phone, which is not a matter of service', async () => {
  const other = await newUser(ctx);
  await giveNumber(ctx, other, '+16465550301');
  const res = await postWebhook(ctx, '/api/twilio/voice', {
    CallSid: 'CAunforwarded',
    From: CALLER,
    To: '+16465550301',
  });
  expect(verbsOf(res.body)).toEqual(['Reject']);
  expect((await callHistory(ctx, other)).metadata.total_items).toBe(0);
});
