import type { InjectOptions } from 'fastify';
import { createTestApp, type TestContext } from './helpers/app';
import { accountSnapshot, routesOf } from './helpers/routes';
import { createStripeTestApp } from './helpers/stripe-app';
import { giveNumber, newUser, type Subscriber } from './helpers/telephony';

jest.setTimeout(120_000);

// The authorization matrix: every route a signed-in account can call, called by another account
// with the victim's ids (number, forwarding number, refresh token, session pages). It never
// answers the victim's data and never changes the victim's rows. Routes that take no account id
// are listed with the reason; a new route must land in one list or the other.

let ctx: TestContext;
let victim: Subscriber;
let intruder: Subscriber;
let victimCallIds: string[];
const VICTIM_NUMBER = '+12125550120';
const VICTIM_FORWARDING = '+13125550121';

const PUBLIC: Record<string, string> = {
  'GET /api/health': 'no account involved',
  'GET /api/health/live': 'no account involved',
  'GET /api/health/ready': 'no account involved',
  'POST /api/auth/register': 'creates a new account',
  'POST /api/auth/login': 'takes credentials, not an account id',
  'POST /api/auth/refresh': 'takes a refresh token, which is the credential itself',
  'POST /api/auth/request-reset-password': 'answers the same for every email (no account discovery)',
  'POST /api/auth/reset-password': 'takes a reset token, which is the credential itself',
  'GET /api/twilio/search-numbers': 'public: onboarding searches before sign-up',
  'POST /api/twilio/voice': "Twilio's webhook, signed (corpus: forged signatures)",
  'POST /api/twilio/status': "Twilio's webhook, signed (corpus: forged signatures)",
  'POST /api/twilio/dial-ended': "Twilio's webhook, signed (corpus: forged signatures)",
  'POST /api/twilio/key-pressed': "Twilio's webhook, signed (corpus: forged signatures)",
  'POST /api/twilio/whisper': "Twilio's webhook, signed (corpus: forged signatures)",
  'POST /api/twilio/sms': "Twilio's webhook, signed (corpus: forged signatures)",
  'POST /api/billing/webhook': "Stripe's webhook, signed (corpus: forged signatures)",
  'GET /metrics': 'no account involved: this machine, or METRICS_TOKEN (metrics.test.ts)',
  'GET /api/dashboard/call-events':
    "takes no account id: the session's own account's call ids, never another's (calls-live-events.test.ts)",
};

let matrix: Record<string, InjectOptions[]> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  victim = await newUser(ctx);
  intruder = await newUser(ctx);
  await giveNumber(ctx, victim, VICTIM_NUMBER, VICTIM_FORWARDING);
  await giveNumber(ctx, intruder, '+14155550122', '+16505550123');
  // The victim has history: a call answered and a call missed (the sandbox carrier completes
  // inbound calls before it answers).
  for (const outcome of ['answered', 'no-answer']) {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/sandbox/inbound-call',
      payload: { to: VICTIM_NUMBER, from: '+12125550111', duration: 90, outcome },
    });
  }
  const history = await ctx.app.inject({
    method: 'GET',
    url: '/api/dashboard/calls',
    headers: victim.headers,
  });
  victimCallIds = history.json().calls.map((c: { id: string }) => c.id);
  // And a text to the number.
  await ctx.app.inject({
    method: 'POST',
    url: '/api/sandbox/inbound-text',
    payload: { to: VICTIM_NUMBER, from: '+12125550111', body: 'For the victim only' },
  });
  expect(victimCallIds.length).toBe(2);

  // Hosted pages are reached by an unguessable session id, the victim's never leaves the victim's
  // browser: ids of the right shape that no session has.
  const checkout = '/api/sandbox/checkout/cs_00000000000000000000000000';
  const portal = '/api/sandbox/portal/bps_00000000000000000000000000';
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const as = intruder.headers;
  const post = (url: string, payload: object): InjectOptions => ({
    method: 'POST',
    url,
    headers: as,
    payload,
  });
  const get = (url: string): InjectOptions => ({ method: 'GET', url, headers: as });
  // Logout ends the session it is sent from: sent from a second session of the intruder's, so the
  // rest of the matrix still runs signed in.
  const intruderAgain = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: intruder.email, password: intruder.password },
  });
  const logoutAs = { authorization: `Bearer ${intruderAgain.json().access_token}` };

  matrix = {
    'POST /api/auth/logout': [
      { ...post('/api/auth/logout', { refresh_token: victim.refresh_token }), headers: logoutAs },
    ],
    'POST /api/billing/create-checkout-session': [post('/api/billing/create-checkout-session', {})],
    'POST /api/billing/create-portal-session': [post('/api/billing/create-portal-session', {})],
    'POST /api/billing/end-trial': [post('/api/billing/end-trial', {})],
    'GET /api/billing/subscription-status': [get('/api/billing/subscription-status')],
    'GET /api/sandbox/checkout/:id': [get(checkout)],
    'POST /api/sandbox/checkout/:id': [
      {
        method: 'POST',
        url: checkout,
        headers: form,
        payload: 'card_number=4242%204242%204242%204242&expiry=12%2F34&cvc=123',
      },
    ],
    'GET /api/sandbox/portal/:id': [get(portal)],
    'POST /api/sandbox/portal/:id/cancel': [{ method: 'POST', url: `${portal}/cancel` }],
    'POST /api/sandbox/portal/:id/resume': [{ method: 'POST', url: `${portal}/resume` }],
    'POST /api/sandbox/inbound-call': [
      {
        ...post('/api/sandbox/inbound-call', { to: VICTIM_NUMBER, from: '+12125550111', duration: 600 }),
        remoteAddress: '203.0.113.5',
      },
    ],
    'POST /api/twilio/purchase-number': [
      post('/api/twilio/purchase-number', { twilio_number: VICTIM_NUMBER }),
    ],
    'POST /api/twilio/number-configuration': [
      post('/api/twilio/number-configuration', {
        twilio_number: VICTIM_NUMBER,
        forwarding_number: '+16505550123',
      }),
    ],
    'GET /api/dashboard/phone-number': [get('/api/dashboard/phone-number')],
    'POST /api/twilio/create-call': [
      post('/api/twilio/create-call', {
        from_number: VICTIM_NUMBER,
        forwarding_number: VICTIM_FORWARDING,
        recipient: '+12025550143',
      }),
    ],
    'GET /api/dashboard/calls': [
      get('/api/dashboard/calls'),
      get('/api/dashboard/calls?direction=inbound&per_page=100&start_date=2000-01-01&end_date=2099-12-31'),
    ],
    'GET /api/dashboard/usage': [get('/api/dashboard/usage')],
    'GET /api/dashboard/texts': [get('/api/dashboard/texts')],
    'POST /api/sandbox/inbound-text': [
      {
        ...post('/api/sandbox/inbound-text', { to: VICTIM_NUMBER, from: '+12125550111', body: 'Hi' }),
        remoteAddress: '203.0.113.5',
      },
    ],
    'GET /api/billing/usage-emails': [get('/api/billing/usage-emails')],
    'PUT /api/billing/usage-emails': [
      { method: 'PUT', url: '/api/billing/usage-emails', headers: as, payload: { enabled: false } },
    ],
    'POST /api/sandbox/clock': [post('/api/sandbox/clock', { advance_days: 30 })],
    'GET /api/sandbox/invoices': [get('/api/sandbox/invoices')],
    'POST /api/sandbox/portal/:id/card': [
      {
        method: 'POST',
        url: `${portal}/card`,
        headers: form,
        payload: 'card_number=4242%204242%204242%204242&expiry=12%2F34&cvc=123',
      },
    ],
    'GET /api/dashboard/calls.csv': [get('/api/dashboard/calls.csv')],
    'GET /api/dashboard/calls/:id': victimCallIds.map((id) => get(`/api/dashboard/calls/${id}`)),
    'GET /api/account': [get('/api/account')],
    // Only ever the intruder's own password: tried wrong, then changed to itself (DELETE still needs it).
    'POST /api/auth/change-password': [
      post('/api/auth/change-password', {
        current_password: 'not the password',
        new_password: 'a brand new password',
      }),
      post('/api/auth/change-password', {
        current_password: intruder.password,
        new_password: intruder.password,
      }),
    ],
    // Last: the intruder deletes its own account (with its password), which touches no one else's.
    'DELETE /api/account': [
      { method: 'DELETE', url: '/api/account', headers: as, payload: { password: intruder.password } },
    ],
  };
});
afterAll(() => ctx?.close());

it('covers every route: each is in the matrix or named as taking no account id', async () => {
  const stripe = await createStripeTestApp();
  try {
    const served = [...new Set([...(await routesOf(ctx.app)), ...(await routesOf(stripe.app))])].sort();
    expect([...Object.keys(matrix), ...Object.keys(PUBLIC)].sort()).toEqual(served);
  } finally {
    await stripe.close();
  }
});

it("never answers the victim's data nor changes the victim's rows, whatever the route", async () => {
  const secrets = [
    victim.id,
    victim.email,
    VICTIM_NUMBER,
    VICTIM_FORWARDING,
    victim.refresh_token,
    ...victimCallIds,
  ];
  const before = await accountSnapshot(ctx.deps.db, victim.id);
  const leaks: string[] = [];
  for (const [route, requests] of Object.entries(matrix)) {
    for (const request of requests) {
      const res = await ctx.app.inject(request);
      if (res.statusCode >= 500) leaks.push(`${route}: ${res.statusCode}`);
      for (const secret of secrets) if (res.body.includes(secret)) leaks.push(`${route} answered ${secret}`);
    }
  }
  expect(leaks).toEqual([]);
  expect(await accountSnapshot(ctx.deps.db, victim.id)).toEqual(before);
  // The victim's session is still alive after the intruder's logout with its refresh token.
  const refreshed = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { authorization: `Bearer ${victim.refresh_token}` },
  });
  expect(refreshed.statusCode).toBe(200);
});
