import { delay, http, HttpResponse } from 'msw';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { eq, sql } from 'drizzle-orm';
import { callAllotments, calls, phoneNumbers, subscriptions } from '../src/db/schema';
import { stripeBilling } from '../src/providers/billing/stripe/billing';
import { TwilioTelephony } from '../src/providers/telephony/twilio';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpAndLogin } from './helpers/auth';
import { ACCOUNT, TOKEN, twilioApi } from './helpers/fake-twilio';
import { giveNumber, newUser } from './helpers/telephony';
import { createTwilioTestApp } from './helpers/twilio-app';

// Providers failing: Twilio or Stripe answering 5xx, or not answering at all past the SDK timeout.
// The person gets a sentence (502), and nothing is half-recorded.
const TWILIO = `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT}`;

describe('Twilio', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // A short timeout stands in for the production one (10 s).
    ctx = await createTwilioTestApp(() => ({ telephony: new TwilioTelephony(ACCOUNT, TOKEN, 300) }));
  });
  afterEach(() => twilioApi.resetHandlers());
  afterAll(() => ctx.close());

  const hanging = () => delay('infinite').then(() => HttpResponse.json({}));
  const failing = () => HttpResponse.json({ message: 'Service Unavailable' }, { status: 503 });

  it.each([
    ['answers 500', failing],
    ['hangs', hanging],
  ])('a purchase when Twilio %s is a 502 with a sentence, and no number is kept', async (_, answer) => {
    twilioApi.use(http.post(`${TWILIO}/IncomingPhoneNumbers.json`, answer));
    const user = await newUser(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/twilio/purchase-number',
      headers: user.headers,
      payload: { twilio_number: '+12125550160' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: 'provider_error',
      message: 'Our phone provider could not buy the number. Please try again.',
    });
    expect(await ctx.deps.db.select().from(phoneNumbers)).toEqual([]);
  });

  it.each([
    ['answers 500', failing],
    ['hangs', hanging],
  ])('a click-to-call when Twilio %s is a 502 and records no call', async (_, answer) => {
    const user = await newUser(ctx);
    const number = `+1212555${String(Math.floor(Math.random() * 9000) + 1000)}`;
    await giveNumber(ctx, user, number, '+13125550161');
    twilioApi.use(http.post(`${TWILIO}/Calls.json`, answer));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/twilio/create-call',
      headers: user.headers,
      payload: { from_number: number, forwarding_number: '+13125550161', recipient: '+12025550143' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Our phone provider could not start the call. Please try again.');
    expect(await ctx.deps.db.select().from(calls)).toEqual([]);
    // The trial's minutes stay set aside until they lapse unreported: Twilio may have placed it after all.
    const kept = await ctx.deps.db
      .select({
        seconds: callAllotments.seconds,
        left: sql<number>`extract(epoch from expires_at - now())::float8`,
      })
      .from(callAllotments)
      .where(eq(callAllotments.userId, user.id));
    expect(kept).toEqual([{ seconds: 7200, left: expect.any(Number) }]);
    expect(kept[0].left).toBeGreaterThan(2 * 60);
    expect(kept[0].left).toBeLessThanOrEqual(3 * 60);
  });
});

describe('Stripe', () => {
  let server: Server;
  let mode: 'hang' | 'fail' = 'fail';
  let ctx: TestContext;
  beforeAll(async () => {
    // Stripe's API on 127.0.0.1: it either answers 500 or never answers.
    server = createServer((_req, res) => {
      if (mode === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'Internal error' } }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const stripe = new Stripe('sk_test_fake', {
      host: '127.0.0.1',
      port,
      protocol: 'http',
      timeout: 300,
      maxNetworkRetries: 0,
    });
    ctx = await createTestApp({
      env: {
        BILLING: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_PRICE_ID: 'price_x',
      },
      deps: (config) => ({
        billing: stripeBilling(stripe, {
          priceId: 'price_x',
          webhookSecret: 'whsec_x',
          appUrl: config.appUrl,
          production: false,
          liveKey: false,
        }),
      }),
    });
  });
  afterAll(async () => {
    await ctx.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it.each(['fail', 'hang'] as const)(
    'a checkout when Stripe does %s is a 502 with a sentence, and saves nothing',
    async (how) => {
      mode = how;
      const user = await signUpAndLogin(ctx.app);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/billing/create-checkout-session',
        headers: user.headers,
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        error: 'provider_error',
        message: 'The payment provider could not register you as a customer. Please try again.',
      });
      expect(await ctx.deps.db.select().from(subscriptions)).toEqual([]);
    },
  );
});
