import { eq, sql } from 'drizzle-orm';
import { phoneNumbers } from '../src/db/schema';
import { findJob } from '../src/jobs/schedule';
import { reconcileNumbers } from '../src/numbers/reconcile';
import type { TestContext } from './helpers/app';
import { held, holdNumber, requestsTo, PN_DOWN } from './helpers/fake-twilio';
import { giveNumber, newUser } from './helpers/telephony';
import { createTwilioTestApp } from './helpers/twilio-app';

// The hourly job that settles our numbers against the Twilio account's own list (the SDK's real
// requests, answered by the fake Twilio account).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTwilioTestApp();
});
afterAll(() => ctx.close());

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const OUR_VOICE_URL = 'http://localhost:3000/api/twilio/voice';
// A number at Twilio pointed at this deployment, bought `hours` ago.
const ours = (number: string, hours: number, sid?: string) =>
  holdNumber(number, hoursAgo(hours), sid, OUR_VOICE_URL);
const rowOf = async (number: string) =>
  (await ctx.deps.db.select().from(phoneNumbers).where(eq(phoneNumbers.phoneNumber, number)))[0];
const isHeld = (number: string) => [...held.values()].some((n) => n.phoneNumber === number);

// A reservation left by a purchase that never finished (no provider id), `hours` old.
async function reservation(number: string, hours: number) {
  const user = await newUser(ctx);
  await ctx.deps.db
    .insert(phoneNumbers)
    .values({ userId: user.id, phoneNumber: number, createdAt: hoursAgo(hours) });
}

it('releases orphans over an hour old, adopts lost confirmations, drops stale reservations, and leaves the rest', async () => {
  const owner = await newUser(ctx);
  await giveNumber(ctx, owner, '+14155550100', '+16505550123'); // bought and recorded: kept
  ours('+14155550111', 2); // nobody's, two hours old: released
  ours('+14155550112', 0.5); // nobody's, maybe a purchase under way: kept
  const lostSid = ours('+14155550113', 2);
  await reservation('+14155550113', 2); // bought, but the confirmation was lost: adopted
  await reservation('+14155550114', 2); // never bought: dropped
  await reservation('+14155550115', 0.1); // may still be buying: kept
  const released = await newUser(ctx);
  await ctx.deps.db.insert(phoneNumbers).values({
    userId: released.id,
    phoneNumber: '+14155550116',
    providerSid: ours('+14155550116', 24 * 40),
    releasedAt: sql`now()`,
  }); // released by us, but Twilio still holds it: released

  await expect(reconcileNumbers(ctx.deps)).resolves.toEqual({
    adopted: 1,
    released: 2,
    droppedReservations: 1,
    deferred: 0,
    quarantined: [],
  });
  expect(['+14155550100', '+14155550112', '+14155550113'].map(isHeld)).toEqual([true, true, true]);
  expect(['+14155550111', '+14155550116'].map(isHeld)).toEqual([false, false]);
  expect((await rowOf('+14155550113')).providerSid).toBe(lostSid);
  expect(await rowOf('+14155550114')).toBeUndefined();
  expect(await rowOf('+14155550115')).toBeDefined();
  expect((await rowOf('+14155550100')).providerSid).toBeTruthy();

  // Settled: a second run changes nothing.
  const deletes = requestsTo('.json').filter((r) => r.method === 'DELETE').length;
  await expect(reconcileNumbers(ctx.deps)).resolves.toEqual({
    adopted: 0,
    released: 0,
    droppedReservations: 0,
    deferred: 0,
    quarantined: [],
  });
  expect(requestsTo('.json').filter((r) => r.method === 'DELETE')).toHaveLength(deletes);
});

it('goes on past a release Twilio refuses, then fails naming it, for the next run to retry', async () => {
  ours('+14155550121', 3, PN_DOWN);
  ours('+14155550122', 3);
  await expect(reconcileNumbers(ctx.deps)).rejects.toThrow('1 orphaned number(s) could not be released.');
  expect(isHeld('+14155550122')).toBe(false);
  held.delete(PN_DOWN);
});

it('never releases a number another deployment bought on the same account (another APP_URL in its voice URL), whatever its age', async () => {
  holdNumber('+14155550131', hoursAgo(2), undefined, 'https://staging.forwardly.example/api/twilio/voice');
  holdNumber('+14155550132', hoursAgo(24 * 90), undefined, '');
  await expect(reconcileNumbers(ctx.deps)).resolves.toMatchObject({ released: 0, quarantined: [] });
  expect(['+14155550131', '+14155550132'].map(isHeld)).toEqual([true, true]);
});

it('quarantines (reports, keeps) an orphan of ours older than six hours: this database may be behind', async () => {
  ours('+14155550141', 7); // e.g. bought after the backup this database was restored from
  const before = requestsTo('.json').filter((r) => r.method === 'DELETE').length;
  await expect(reconcileNumbers(ctx.deps)).resolves.toMatchObject({
    released: 0,
    quarantined: ['+14155550141'],
  });
  expect(isHeld('+14155550141')).toBe(true);
  expect(requestsTo('.json').filter((r) => r.method === 'DELETE')).toHaveLength(before);
  held.delete([...held.values()].find((n) => n.phoneNumber === '+14155550141')!.sid);
});

it('releases at most 5 numbers a run; the rest wait for the next run', async () => {
  for (let i = 0; i < 7; i++) ours(`+1415555016${i}`, 2);
  await expect(reconcileNumbers(ctx.deps)).resolves.toMatchObject({ released: 5, deferred: 2 });
  await expect(reconcileNumbers(ctx.deps)).resolves.toMatchObject({ released: 2, deferred: 0 });
});

it('runs hourly as the reconcile-numbers job', () => {
  expect(findJob('reconcile-numbers')?.cron).toBe('50 * * * *');
});
