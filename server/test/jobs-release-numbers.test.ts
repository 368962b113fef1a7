import { eq, sql } from 'drizzle-orm';
import { http, HttpResponse } from 'msw';
import { phoneNumbers, subscriptions } from '../src/db/schema';
import { releaseEndedNumbers } from '../src/jobs/release-ended-numbers';
import { createTestApp, type TestContext } from './helpers/app';
import { ACCOUNT, requestsTo, TOKEN, twilioApi } from './helpers/fake-twilio';
import { newUser, postWebhook } from './helpers/telephony';

// The job against the real database, with the Twilio SDK's real DELETE requests answered by msw.

let ctx: TestContext;
beforeAll(async () => {
  twilioApi.listen({ onUnhandledRequest: 'error' });
  ctx = await createTestApp({
    env: { TELEPHONY: 'twilio', TWILIO_ACCOUNT_SID: ACCOUNT, TWILIO_AUTH_TOKEN: TOKEN },
  });
});
afterAll(async () => {
  twilioApi.close();
  await ctx.close();
});

let seq = 0;
// An account with a number (Twilio id `sid`) whose subscription is left as the provider's
// webhooks would leave it: `status`, its period ending `end` from now (a Postgres interval).
async function numberWithSubscription(sid: string, status: string, end: string) {
  const user = await newUser(ctx, { subscribed: false });
  const number = `+1415555${1000 + seq++}`;
  await ctx.deps.db.insert(subscriptions).values({
    userId: user.id,
    provider: 'stripe',
    status,
    currentPeriodEnd: sql`now() + ${end}::interval`,
  });
  await ctx.deps.db
    .insert(phoneNumbers)
    .values({ userId: user.id, phoneNumber: number, providerSid: sid, forwardingNumber: '+16505550123' });
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

describe('releasing the numbers of ended subscriptions', () => {
  it('releases only numbers whose period ended over a day ago, once', async () => {
    const canceled = await numberWithSubscription('PNcanceled', 'canceled', '-2 days');
    const lapsed = await numberWithSubscription('PNlapsed', 'past_due', '-3 days');
    const gone = await numberWithSubscription('PNgone', 'canceled', '-40 days'); // 404 at Twilio
    const trialing = await numberWithSubscription('PNtrial', 'trialing', '10 days');
    const cancelling = await numberWithSubscription('PNcancelling', 'active', '5 days');
    const justEnded = await numberWithSubscription('PNrecent', 'canceled', '-2 hours');
    const canceledEarly = await numberWithSubscription('PNearly', 'canceled', '20 days');

    await expect(releaseEndedNumbers(ctx.deps)).resolves.toEqual({ released: 3 });
    expect(deletes().sort()).toEqual(['PNcanceled', 'PNgone', 'PNlapsed'].map(deletePath));
    for (const number of [canceled, lapsed, gone]) expect(await releasedAt(number)).toBeInstanceOf(Date);
    for (const number of [trialing, cancelling, justEnded, canceledEarly]) {
      expect(await releasedAt(number)).toBeNull();
    }

    const before = deletes().length;
    await expect(releaseEndedNumbers(ctx.deps)).resolves.toEqual({ released: 0 });
    expect(deletes()).toHaveLength(before);
  });

  it('stops forwarding calls to a released number', async () => {
    // +14155551000 is the first number above, released with its cancelled subscription.
    const res = await postWebhook(
      ctx,
      '/api/twilio/voice',
      { From: '+12025550143', To: '+14155551000' },
      TOKEN,
    );
    expect(res.body).toContain('not in service');
    expect(res.body).not.toContain('<Dial');
  });

  it('keeps released_at unset when Twilio fails, releases the others, and retries on the next run', async () => {
    const down = await numberWithSubscription('PNdown', 'canceled', '-2 days');
    const fine = await numberWithSubscription('PNfine', 'canceled', '-2 days');
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
