import { eq, sql } from 'drizzle-orm';
import { http, HttpResponse } from 'msw';
import { phoneNumbers } from '../src/db/schema';
import { releaseEndedNumbers } from '../src/jobs/release-ended-numbers';
import type { TestContext } from './helpers/app';
import { ACCOUNT, requestsTo, TOKEN, twilioApi, PN_DOWN, pnSid } from './helpers/fake-twilio';
import { newUser, postWebhook } from './helpers/telephony';
import { createTwilioTestApp } from './helpers/twilio-app';

// The job against the real database, with the Twilio SDK's real DELETE requests answered by msw.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTwilioTestApp();
});
afterAll(() => ctx.close());

let seq = 0;
// An account's number (Twilio id `sid`) held until `until` from now (a Postgres interval), or not held.
async function heldNumber(sid: string, until: string | null) {
  const user = await newUser(ctx, { subscribed: false });
  const number = `+1415555${1000 + seq++}`;
  await ctx.deps.db.insert(phoneNumbers).values({
    userId: user.id,
    phoneNumber: number,
    providerSid: sid,
    forwardingNumber: '+16505550123',
    heldUntil: until === null ? null : sql`now() + ${until}::interval`,
  });
  return number;
}

const releasedAt = async (number: string) => {
  const [row] = await ctx.deps.db.select().from(phoneNumbers).where(eq(phoneNumbers.phoneNumber, number));
  return row.releasedAt;
};
const deletes = () =>
  requestsTo('.json')
    .filter((r) => r.method === 'DELETE')
    .map((r) => r.path);
const deletePath = (sid: string) => `/2010-04-01/Accounts/${ACCOUNT}/IncomingPhoneNumbers/${sid}.json`;

describe('releasing the numbers whose hold is over', () => {
  it('releases only numbers held until a time that has passed, once', async () => {
    const ended = await heldNumber(pnSid('ended'), '-1 hour');
    const longAgo = await heldNumber(pnSid('long'), '-10 days');
    const gone = await heldNumber(pnSid('gone'), '-40 days'); // 404 at Twilio
    const held = await heldNumber(pnSid('held'), '29 days');
    const inService = await heldNumber(pnSid('service'), null);

    await expect(releaseEndedNumbers(ctx.deps)).resolves.toEqual({ released: 3 });
    expect(deletes().sort()).toEqual([pnSid('ended'), pnSid('gone'), pnSid('long')].map(deletePath).sort());
    for (const number of [ended, longAgo, gone]) expect(await releasedAt(number)).toBeInstanceOf(Date);
    for (const number of [held, inService]) expect(await releasedAt(number)).toBeNull();

    const before = deletes().length;
    await expect(releaseEndedNumbers(ctx.deps)).resolves.toEqual({ released: 0 });
    expect(deletes()).toHaveLength(before);
  });

  it('stops forwarding calls to a released number', async () => {
    // +14155551000 is the first number above, released when its hold ended.
    const res = await postWebhook(
      ctx,
      '/api/twilio/voice',
      { CallSid: 'CAreleased', From: '+12025550143', To: '+14155551000' },
      TOKEN,
    );
    expect(res.body).toContain('<Reject reason="rejected"/>');
    expect(res.body).not.toContain('<Dial');
  });

  it('keeps released_at unset when Twilio fails, releases the others, and retries on the next run', async () => {
    const down = await heldNumber(PN_DOWN, '-2 days');
    const fine = await heldNumber(pnSid('fine'), '-2 days');
    await expect(releaseEndedNumbers(ctx.deps)).rejects.toThrow('1 number(s) could not be released.');
    expect(await releasedAt(down)).toBeNull();
    expect(await releasedAt(fine)).toBeInstanceOf(Date);

    // Twilio is back: the next run releases it.
    twilioApi.use(http.delete('https://api.twilio.com/*', () => new HttpResponse(null, { status: 204 })));
    await expect(releaseEndedNumbers(ctx.deps)).resolves.toEqual({ released: 1 });
    expect(await releasedAt(down)).toBeInstanceOf(Date);
    twilioApi.resetHandlers();
  });
});
