import { authCorpus } from './bad-input-cases/auth';
import { billingCorpus } from './bad-input-cases/billing';
import { callCorpus } from './bad-input-cases/calls';
import { healthCorpus } from './bad-input-cases/health';
import { corpusKit, FORWARDING, OTHERS, OWN } from './bad-input-cases/kit';
import { numberCorpus } from './bad-input-cases/numbers';
import { sandboxCorpus } from './bad-input-cases/sandbox';
import { textCorpus } from './bad-input-cases/texts';
import { createTestApp, type TestContext } from './helpers/app';
import type { BadRequest } from './helpers/bad-input';
import { routesOf, snapshot } from './helpers/routes';
import { createStripeTestApp, type StripeTestApp } from './helpers/stripe-app';
import { giveNumber, newUser, type Subscriber } from './helpers/telephony';

jest.setTimeout(120_000);

// The bad-input corpus: every route the app serves (read from Fastify, so a new route without
// cases fails this file) meets wrong types, missing and unknown fields, huge strings and bodies,
// NUL bytes, malformed JSON, injection strings, invalid numbers, absurd pages and dates, forged
// tokens and webhook signatures. Each is refused with a 4xx and a sentence, never a 5xx, and the
// database is exactly as before. The cases are written by domain, in bad-input-cases/.

let ctx: TestContext;
let stripeCtx: StripeTestApp;
let owner: Subscriber;
let other: Subscriber;
const corpus: Record<string, BadRequest[]> = {};

beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' } });
  stripeCtx = await createStripeTestApp();
  owner = await newUser(ctx);
  other = await newUser(ctx);
  await giveNumber(ctx, owner, OWN, FORWARDING);
  await giveNumber(ctx, other, OTHERS, '+16505550133');
  const kit = await corpusKit(ctx, owner, other);
  Object.assign(
    corpus,
    healthCorpus(kit),
    await authCorpus(kit),
    await billingCorpus(kit),
    await sandboxCorpus(kit),
    await numberCorpus(kit),
    await callCorpus(kit),
    await textCorpus(kit),
  );
});
afterAll(async () => {
  await ctx?.close();
  await stripeCtx?.close();
});

it('has cases for every route of the sandbox app and of the Stripe app, and none for routes that are gone', async () => {
  const served = [...new Set([...(await routesOf(ctx.app)), ...(await routesOf(stripeCtx.app))])].sort();
  expect(Object.keys(corpus).sort()).toEqual(served);
  for (const route of served) expect(corpus[route].length).toBeGreaterThan(0);
});

async function refuses(app: TestContext['app'], db: TestContext['deps']['db'], route: string) {
  const before = await snapshot(db);
  const wrong: string[] = [];
  for (const { name, request } of corpus[route]) {
    const res = await app.inject(request);
    const json = String(res.headers['content-type']).startsWith('application/json');
    const sentence = json ? res.json().message : res.body;
    if (res.statusCode < 400 || res.statusCode >= 500 || typeof sentence !== 'string' || !sentence.trim()) {
      wrong.push(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
  }
  expect(wrong).toEqual([]);
  expect(await snapshot(db)).toEqual(before);
}

const sandboxRoutes = () => Object.keys(corpus).filter((r) => r !== 'POST /api/billing/webhook');

describe('every route refuses bad input with a 4xx and a sentence, and changes nothing', () => {
  // Routes are listed when the corpus is built (beforeAll), so each is checked in its own test here.
  it.each([
    'GET /api/health',
    'GET /api/health/live',
    'GET /api/health/ready',
    'POST /api/auth/register',
    'POST /api/auth/login',
    'POST /api/auth/refresh',
    'POST /api/auth/logout',
    'POST /api/auth/request-reset-password',
    'POST /api/auth/reset-password',
    'POST /api/auth/change-password',
    'GET /api/account',
    'POST /api/billing/create-checkout-session',
    'POST /api/billing/create-portal-session',
    'GET /api/billing/subscription-status',
    'POST /api/billing/end-trial',
    'GET /api/sandbox/checkout/:id',
    'POST /api/sandbox/checkout/:id',
    'GET /api/sandbox/portal/:id',
    'POST /api/sandbox/portal/:id/cancel',
    'POST /api/sandbox/portal/:id/resume',
    'POST /api/sandbox/inbound-call',
    'POST /api/sandbox/inbound-text',
    'POST /api/twilio/sms',
    'GET /api/dashboard/texts',
    'GET /api/twilio/search-numbers',
    'POST /api/twilio/voice',
    'POST /api/twilio/status',
    'POST /api/twilio/purchase-number',
    'POST /api/twilio/number-configuration',
    'GET /api/dashboard/phone-number',
    'POST /api/twilio/create-call',
    'GET /api/dashboard/calls',
    'GET /api/dashboard/usage',
    'POST /api/twilio/dial-ended',
    'POST /api/twilio/key-pressed',
    'POST /api/twilio/whisper',
    'GET /api/dashboard/calls.csv',
    'GET /api/dashboard/calls/:id',
    'GET /api/dashboard/call-events',
    'GET /api/billing/usage-emails',
    'PUT /api/billing/usage-emails',
    'DELETE /api/account',
    'POST /api/sandbox/clock',
    'GET /api/sandbox/invoices',
    'POST /api/sandbox/portal/:id/card',
    'GET /metrics',
  ])('%s', async (route) => {
    await refuses(ctx.app, ctx.deps.db, route);
  });

  it('POST /api/billing/webhook (Stripe)', async () => {
    await refuses(stripeCtx.app, stripeCtx.deps.db, 'POST /api/billing/webhook');
  });

  it('lists every sandbox route above', () => {
    expect(sandboxRoutes().length).toBe(46);
  });
});
