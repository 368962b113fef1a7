import type { InjectOptions } from 'fastify';
import { sandboxWebhookSecret } from '../src/providers/from-config';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpAndLogin } from './helpers/auth';
import {
  authCases,
  type BadRequest,
  badTokens,
  jsonBodyCases,
  queryCases,
  twilioWebhookCases,
} from './helpers/bad-input';
import { routesOf, snapshot } from './helpers/routes';
import { createStripeTestApp, type StripeTestApp } from './helpers/stripe-app';
import { giveNumber, newUser, type Subscriber } from './helpers/telephony';

jest.setTimeout(120_000);

// The bad-input corpus: every route the app serves (read from Fastify, so a new route without
// cases fails this file) meets wrong types, missing and unknown fields, huge strings and bodies,
// NUL bytes, malformed JSON, injection strings, invalid numbers, absurd pages and dates, forged
// tokens and webhook signatures. Each is refused with a 4xx and a sentence, never a 5xx, and the
// database is exactly as before.

let ctx: TestContext;
let stripeCtx: StripeTestApp;
let owner: Subscriber;
let other: Subscriber;
let checkoutPath: string;
const corpus: Record<string, BadRequest[]> = {};

const OWN = '+12125550130';
const FORWARDING = '+13125550131';
const OTHERS = '+14155550132';
const UNKNOWN_CALL = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' } });
  stripeCtx = await createStripeTestApp();
  owner = await newUser(ctx);
  other = await newUser(ctx);
  await giveNumber(ctx, owner, OWN, FORWARDING);
  await giveNumber(ctx, other, OTHERS, '+16505550133');
  const unsubscribed = await signUpAndLogin(ctx.app);
  const checkout = await ctx.app.inject({
    method: 'POST',
    url: '/api/billing/create-checkout-session',
    headers: unsubscribed.headers,
  });
  checkoutPath = new URL(checkout.json().url).pathname;
  // Signed up, never at the checkout: no billing account at all.
  const newcomer = await signUpAndLogin(ctx.app);

  const { jwtSecret, appUrl } = ctx.deps.config;
  const twilioSecret = sandboxWebhookSecret(jwtSecret);
  const tokens = await badTokens(jwtSecret, owner.id, owner.refresh_token);
  const auth = { authorization: `Bearer ${owner.access_token}` };
  const signedIn = async (request: InjectOptions, more: BadRequest[]) => [
    ...(await authCases(request, tokens)),
    ...more,
  ];
  const post = (url: string, payload: unknown, headers: Record<string, string> = auth): InjectOptions => ({
    method: 'POST',
    url,
    headers,
    payload: payload as object,
  });
  const get = (url: string, query: Record<string, string> = {}): InjectOptions => ({
    method: 'GET',
    url,
    headers: auth,
    query,
  });
  const named = (name: string, request: InjectOptions): BadRequest => ({ name, request });
  const email = () => `corpus-${Math.random().toString(36).slice(2)}@example.com`;
  const forgedSession = `${owner.id}.${Math.floor(Date.now() / 1000) + 3600}.AAAAAAAAAAAAAAAAAAAAAA`;
  const expiredSession = `${owner.id}.1000000000.AAAAAAAAAAAAAAAAAAAAAA`;
  const sessionIds = (path: (id: string) => string, method: 'GET' | 'POST') => [
    named('a forged session id', { method, url: path(forgedSession) }),
    named('an expired session id', { method, url: path(expiredSession) }),
    named('a session id with a NUL byte', { method, url: path('abc%00def') }),
    named('a session id of 101 characters', { method, url: path('x'.repeat(101)) }),
    named('a session id made of an injection', { method, url: path(encodeURIComponent("' OR 1=1 --")) }),
  ];
  const numbers = {
    'a number without +': '12125550100',
    'a number too short': '+1212555010',
    'a number too long': '+1212555010000000',
    'a number with letters': '+1212555CALL',
  };

  Object.assign(corpus, {
    'GET /api/health': queryCases('/api/health', { ping: '1' }).slice(0, 1),
    'GET /api/health/live': queryCases('/api/health/live', { ping: '1' }).slice(0, 1),
    'GET /api/health/ready': queryCases('/api/health/ready', { ping: '1' }).slice(0, 1),

    'POST /api/auth/register': [
      ...jsonBodyCases(
        'POST',
        '/api/auth/register',
        { name: 'Ann', email: email(), password: 'long enough password', acceptTerms: true },
        { required: ['name', 'email', 'password', 'acceptTerms'], freeText: ['name', 'password'] },
      ),
      named(
        'terms not accepted',
        post(
          '/api/auth/register',
          { name: 'A', email: email(), password: 'long enough', acceptTerms: false },
          {},
        ),
      ),
      named(
        'a short password',
        post('/api/auth/register', { name: 'A', email: email(), password: 'short', acceptTerms: true }, {}),
      ),
      named(
        'a blank name',
        post(
          '/api/auth/register',
          { name: '   ', email: email(), password: 'long enough', acceptTerms: true },
          {},
        ),
      ),
      named(
        'an email already taken',
        post(
          '/api/auth/register',
          { name: 'A', email: owner.email.toUpperCase(), password: 'long enough', acceptTerms: true },
          {},
        ),
      ),
    ],
    'POST /api/auth/login': [
      ...jsonBodyCases(
        'POST',
        '/api/auth/login',
        { email: email(), password: 'wrong password' },
        { required: ['email', 'password'] },
      ),
      named(
        'a wrong password',
        post('/api/auth/login', { email: owner.email, password: 'not the password' }, {}),
      ),
    ],
    'POST /api/auth/refresh': [
      ...Object.entries(tokens)
        .filter(([name]) => name !== 'a refresh token')
        .map(([name, authorization]) =>
          named(name, post('/api/auth/refresh', {}, authorization ? { authorization } : {})),
        ),
      named('an access token as the refresh token', post('/api/auth/refresh', {}, auth)),
      named(
        'a body',
        post(
          '/api/auth/refresh',
          { refresh_token: owner.refresh_token },
          { authorization: `Bearer ${owner.refresh_token}` },
        ),
      ),
      named(
        'an array body',
        post('/api/auth/refresh', [], { authorization: `Bearer ${owner.refresh_token}` }),
      ),
    ],
    'POST /api/auth/logout': await signedIn(post('/api/auth/logout', {}), [
      ...jsonBodyCases(
        'POST',
        '/api/auth/logout',
        { refresh_token: 'x' },
        { headers: auth, freeText: ['refresh_token'] },
      ),
    ]),
    'POST /api/auth/request-reset-password': jsonBodyCases(
      'POST',
      '/api/auth/request-reset-password',
      { email: email() },
      { required: ['email'] },
    ),
    'POST /api/auth/reset-password': [
      ...jsonBodyCases(
        'POST',
        '/api/auth/reset-password',
        { token: 'unknown-token', password: 'long enough password' },
        { required: ['token', 'password'], freeText: ['password'] },
      ),
      named(
        'an unknown token',
        post('/api/auth/reset-password', { token: 'unknown', password: 'long enough password' }, {}),
      ),
    ],

    'POST /api/auth/change-password': await signedIn(
      post('/api/auth/change-password', { current_password: owner.password, new_password: 'x' }),
      [
        ...jsonBodyCases(
          'POST',
          '/api/auth/change-password',
          { current_password: 'not the password', new_password: 'a brand new password' },
          {
            headers: auth,
            required: ['current_password', 'new_password'],
            freeText: ['current_password', 'new_password'],
          },
        ),
        named(
          'a wrong current password',
          post('/api/auth/change-password', {
            current_password: 'not the password',
            new_password: 'a brand new password',
          }),
        ),
        named(
          'a weak new password',
          post('/api/auth/change-password', { current_password: owner.password, new_password: '1234567890' }),
        ),
      ],
    ),
    'GET /api/account': await signedIn(get('/api/account'), [
      named('an unknown parameter', get('/api/account', { user_id: other.id })),
    ]),
    'POST /api/billing/create-checkout-session': await signedIn(
      post('/api/billing/create-checkout-session', {}),
      [
        named('a body', post('/api/billing/create-checkout-session', { price: 0 })),
        named('an array body', post('/api/billing/create-checkout-session', [])),
      ],
    ),
    'POST /api/billing/create-portal-session': await signedIn(
      post('/api/billing/create-portal-session', {}),
      [named('a body', post('/api/billing/create-portal-session', { customer: 'cus_other' }))],
    ),
    'POST /api/billing/end-trial': await signedIn(post('/api/billing/end-trial', {}), [
      named('a body', post('/api/billing/end-trial', { trial_end: 'now' })),
    ]),
    'GET /api/billing/subscription-status': await signedIn(get('/api/billing/subscription-status'), [
      named('an unknown parameter', get('/api/billing/subscription-status', { user_id: other.id })),
    ]),
    'POST /api/billing/webhook': [],
    'GET /api/billing/usage-emails': await signedIn(get('/api/billing/usage-emails'), [
      named('an unknown parameter', get('/api/billing/usage-emails', { user_id: other.id })),
    ]),
    'DELETE /api/account': await signedIn(
      { method: 'DELETE', url: '/api/account', headers: auth, payload: { password: owner.password } },
      [
        ...jsonBodyCases(
          'DELETE',
          '/api/account',
          { password: 'not the password' },
          { headers: auth, required: ['password'], freeText: ['password'] },
        ),
        named('a wrong password', {
          method: 'DELETE',
          url: '/api/account',
          headers: auth,
          payload: { password: 'not the password' },
        }),
      ],
    ),
    'PUT /api/billing/usage-emails': await signedIn(
      { method: 'PUT', url: '/api/billing/usage-emails', headers: auth, payload: { enabled: false } },
      jsonBodyCases(
        'PUT',
        '/api/billing/usage-emails',
        { enabled: false },
        { headers: auth, required: ['enabled'] },
      ),
    ),
    'POST /api/sandbox/clock': await signedIn(post('/api/sandbox/clock', { advance_days: 1 }), [
      ...jsonBodyCases(
        'POST',
        '/api/sandbox/clock',
        { advance_days: 1 },
        { headers: auth, required: ['advance_days'] },
      ),
      ...[0, 1101, 1.5, -3].map((days) =>
        named(`advance_days ${days}`, post('/api/sandbox/clock', { advance_days: days })),
      ),
      named(
        'no billing account yet',
        post('/api/sandbox/clock', { advance_days: 1 }, { authorization: `Bearer ${newcomer.access_token}` }),
      ),
    ]),
    'GET /api/sandbox/invoices': await signedIn(get('/api/sandbox/invoices'), [
      named('an unknown parameter', get('/api/sandbox/invoices', { customer: 'cus_other' })),
    ]),
    'POST /api/sandbox/portal/:id/card': sessionIds((id) => `/api/sandbox/portal/${id}/card`, 'POST'),

    'GET /api/sandbox/checkout/:id': sessionIds((id) => `/api/sandbox/checkout/${id}`, 'GET'),
    'POST /api/sandbox/checkout/:id': [
      ...sessionIds((id) => `/api/sandbox/checkout/${id}`, 'POST'),
      ...[
        ['an invalid card number', { card_number: '1234', expiry: '12/34', cvc: '123' }],
        ['an expired card', { card_number: '4242 4242 4242 4242', expiry: '01/20', cvc: '123' }],
        ['no cvc', { card_number: '4242 4242 4242 4242', expiry: '12/34' }],
        [
          'an unknown field',
          { card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', amount: '0' },
        ],
        ['a NUL byte', { card_number: '4242 4242 4242 4242\u0000', expiry: '12/34', cvc: '123' }],
        ['a card number of 41 characters', { card_number: '4'.repeat(41), expiry: '12/34', cvc: '123' }],
      ].map(([name, form]) =>
        named(name as string, {
          method: 'POST',
          url: checkoutPath,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(form as Record<string, string>).toString(),
        }),
      ),
      named('a JSON array body', { method: 'POST', url: checkoutPath, payload: [] }),
    ],
    'GET /api/sandbox/portal/:id': sessionIds((id) => `/api/sandbox/portal/${id}`, 'GET'),
    'POST /api/sandbox/portal/:id/cancel': sessionIds((id) => `/api/sandbox/portal/${id}/cancel`, 'POST'),
    'POST /api/sandbox/portal/:id/resume': sessionIds((id) => `/api/sandbox/portal/${id}/resume`, 'POST'),
    'POST /api/sandbox/inbound-call': [
      ...jsonBodyCases(
        'POST',
        '/api/sandbox/inbound-call',
        { to: OWN, from: '+12125550111', duration: 30 },
        { required: ['to', 'from', 'duration'] },
      ),
      ...[-1, 86_401, 1.5, '30'].map((duration) =>
        named(
          `duration ${JSON.stringify(duration)}`,
          post('/api/sandbox/inbound-call', { to: OWN, from: '+12125550111', duration }, {}),
        ),
      ),
      named(
        'a number nobody owns',
        post('/api/sandbox/inbound-call', { to: '+12125550199', from: '+12125550111', duration: 30 }, {}),
      ),
      named('from outside, signed out', {
        ...post('/api/sandbox/inbound-call', { to: OWN, from: '+12125550111', duration: 30 }, {}),
        remoteAddress: '203.0.113.1',
      }),
    ],

    'POST /api/sandbox/inbound-text': [
      ...jsonBodyCases(
        'POST',
        '/api/sandbox/inbound-text',
        { to: OWN, from: '+12125550111', body: 'Hello' },
        { required: ['to', 'from', 'body'], freeText: ['body'] },
      ),
      ...['', 'x'.repeat(1601), 7].map((body) =>
        named(
          `body ${JSON.stringify(body).slice(0, 12)}`,
          post('/api/sandbox/inbound-text', { to: OWN, from: '+12125550111', body }, {}),
        ),
      ),
      named(
        'a number nobody owns',
        post('/api/sandbox/inbound-text', { to: '+12125550199', from: '+12125550111', body: 'Hi' }, {}),
      ),
      named('from outside, signed out', {
        ...post('/api/sandbox/inbound-text', { to: OWN, from: '+12125550111', body: 'Hi' }, {}),
        remoteAddress: '203.0.113.1',
      }),
    ],

    'GET /api/twilio/search-numbers': [
      ...queryCases('/api/twilio/search-numbers', { area_code: '512' }),
      ...['', '12', '1234', 'abc', '011', '911', '999', '876', '809'].map((code) =>
        named(`area code ${JSON.stringify(code)}`, {
          method: 'GET',
          url: '/api/twilio/search-numbers',
          query: { area_code: code },
        }),
      ),
      named('no area code', { method: 'GET', url: '/api/twilio/search-numbers' }),
    ],
    'POST /api/twilio/voice': twilioWebhookCases(
      appUrl,
      '/api/twilio/voice',
      { CallSid: 'CAcorpus', To: OWN, From: '+12125550111' },
      sandboxWebhookSecret(jwtSecret),
    ),
    'POST /api/twilio/status': [
      ...twilioWebhookCases(
        appUrl,
        `/api/twilio/status?leg=user&call=${UNKNOWN_CALL}`,
        { CallSid: 'CAcorpus', CallStatus: 'completed' },
        twilioSecret,
      ),
      ...twilioWebhookCases(
        appUrl,
        '/api/twilio/status?leg=sideways',
        { CallSid: 'CAcorpus', CallStatus: 'completed' },
        twilioSecret,
      ).slice(5, 6),
      ...twilioWebhookCases(
        appUrl,
        '/api/twilio/status?leg=user&call=not-a-uuid',
        { CallSid: 'CAcorpus', CallStatus: 'completed' },
        twilioSecret,
      ).slice(5, 6),
      ...twilioWebhookCases(
        appUrl,
        `/api/twilio/status?leg=user&call=${UNKNOWN_CALL}`,
        { CallSid: 'CAcorpus', CallStatus: 'completed', CallDuration: 'ten' },
        twilioSecret,
      ).slice(5, 6),
    ],
    'POST /api/twilio/dial-ended': twilioWebhookCases(
      appUrl,
      `/api/twilio/dial-ended?leg=forward&caller=${encodeURIComponent('+12125550111')}&number=${encodeURIComponent(OWN)}`,
      { CallSid: 'CAcorpus', DialCallStatus: 'completed' },
      twilioSecret,
    ),
    'POST /api/twilio/key-pressed': twilioWebhookCases(
      appUrl,
      `/api/twilio/key-pressed?call=${UNKNOWN_CALL}`,
      { CallSid: 'CAcorpus' },
      twilioSecret,
    ),
    'POST /api/twilio/sms': twilioWebhookCases(
      appUrl,
      '/api/twilio/sms',
      // Body is free text, and absent from a picture without words.
      { MessageSid: 'SMcorpus', From: '+12125550111', To: OWN },
      twilioSecret,
    ),
    // No input: only its signature can be wrong.
    'POST /api/twilio/whisper': twilioWebhookCases(
      appUrl,
      '/api/twilio/whisper',
      { CallSid: 'CAcorpus' },
      twilioSecret,
    ).slice(0, 5),
    'GET /api/dashboard/calls.csv': await signedIn(get('/api/dashboard/calls.csv'), [
      ...queryCases(
        '/api/dashboard/calls.csv',
        { start_date: '2026-01-01', end_date: '2026-01-31', direction: 'inbound' },
        auth,
      ),
      named('the year 9999', get('/api/dashboard/calls.csv', { end_date: '9999-12-31' })),
      named(
        'a start after the end',
        get('/api/dashboard/calls.csv', { start_date: '2026-02-01', end_date: '2026-01-01' }),
      ),
      named('page 0', get('/api/dashboard/calls.csv', { page: '0' })),
    ]),
    'GET /api/dashboard/calls/:id': await signedIn(get(`/api/dashboard/calls/${UNKNOWN_CALL}`), [
      ...['not-a-uuid', 'abc%00def', 'x'.repeat(200), encodeURIComponent("' OR 1=1 --"), UNKNOWN_CALL].map(
        (id) => named(`call id ${id.slice(0, 20)}`, get(`/api/dashboard/calls/${id}`)),
      ),
    ]),
    'POST /api/twilio/purchase-number': await signedIn(
      post('/api/twilio/purchase-number', { twilio_number: '+12125550140' }),
      [
        ...jsonBodyCases(
          'POST',
          '/api/twilio/purchase-number',
          { twilio_number: '+12125550140' },
          { headers: auth, required: ['twilio_number'] },
        ),
        ...Object.entries(numbers).map(([name, n]) =>
          named(name, post('/api/twilio/purchase-number', { twilio_number: n })),
        ),
        named('a second number', post('/api/twilio/purchase-number', { twilio_number: '+12125550141' })),
        named("another account's number", post('/api/twilio/purchase-number', { twilio_number: OTHERS })),
      ],
    ),
    'POST /api/twilio/number-configuration': await signedIn(
      post('/api/twilio/number-configuration', { twilio_number: OWN, forwarding_number: '+13125550199' }),
      [
        ...jsonBodyCases(
          'POST',
          '/api/twilio/number-configuration',
          { twilio_number: OWN, forwarding_number: '+13125550199' },
          { headers: auth, required: ['twilio_number', 'forwarding_number'] },
        ),
        ...Object.entries({
          ...numbers,
          'a Jamaican number': '+18765550100',
          'a premium 900 number': '+19005550100',
          'a 976 exchange': '+12129765555',
          '911': '+19115550100',
          'a UK number': '+442071234567',
          "another account's virtual number": OTHERS,
          'the business number itself': OWN,
        }).map(([name, n]) =>
          named(
            `forwarding to ${name}`,
            post('/api/twilio/number-configuration', { twilio_number: OWN, forwarding_number: n }),
          ),
        ),
        named(
          "another account's business number",
          post('/api/twilio/number-configuration', {
            twilio_number: OTHERS,
            forwarding_number: '+13125550199',
          }),
        ),
      ],
    ),
    'GET /api/dashboard/phone-number': await signedIn(get('/api/dashboard/phone-number'), [
      named('an unknown parameter', get('/api/dashboard/phone-number', { user_id: other.id })),
    ]),
    'POST /api/twilio/create-call': await signedIn(
      post('/api/twilio/create-call', {
        from_number: OWN,
        forwarding_number: FORWARDING,
        recipient: '+12025550143',
      }),
      [
        ...jsonBodyCases(
          'POST',
          '/api/twilio/create-call',
          { from_number: OWN, forwarding_number: FORWARDING, recipient: '+12025550143' },
          { headers: auth, required: ['from_number', 'forwarding_number', 'recipient'] },
        ),
        ...Object.entries({
          ...numbers,
          'a Dominican number': '+18095550100',
          'a BVI number': '+12845550100',
          'a premium 900 number': '+19005550100',
          'a 976 exchange': '+12129765555',
          '411': '+14115550100',
          "another account's virtual number": OTHERS,
          'the business number itself': OWN,
        }).map(([name, n]) =>
          named(
            `calling ${name}`,
            post('/api/twilio/create-call', {
              from_number: OWN,
              forwarding_number: FORWARDING,
              recipient: n,
            }),
          ),
        ),
        named(
          'a forwarding number not on the account',
          post('/api/twilio/create-call', {
            from_number: OWN,
            forwarding_number: '+13125550100',
            recipient: '+12025550143',
          }),
        ),
        named(
          "another account's business number",
          post('/api/twilio/create-call', {
            from_number: OTHERS,
            forwarding_number: '+16505550133',
            recipient: '+12025550143',
          }),
        ),
      ],
    ),
    'GET /api/dashboard/calls': await signedIn(get('/api/dashboard/calls'), [
      ...queryCases(
        '/api/dashboard/calls',
        { page: '1', per_page: '10', start_date: '2026-01-01', end_date: '2026-01-31', direction: 'inbound' },
        auth,
      ),
      ...[
        ['page 0', { page: '0' }],
        ['a negative page', { page: '-1' }],
        ['page 99999999999999999999', { page: '99999999999999999999' }],
        ['page 1.5', { page: '1.5' }],
        ['page abc', { page: 'abc' }],
        ['per_page 0', { per_page: '0' }],
        ['per_page 1000', { per_page: '1000' }],
        ['February 30', { start_date: '2026-02-30' }],
        ['the year 9999', { end_date: '9999-12-31' }],
        ['the year 0000', { start_date: '0000-01-01' }],
        ['a date with a time', { start_date: '2026-01-01T00:00:00Z' }],
        ['a start after the end', { start_date: '2026-02-01', end_date: '2026-01-01' }],
        ['direction sideways', { direction: 'sideways' }],
      ].map(([name, query]) =>
        named(name as string, get('/api/dashboard/calls', query as Record<string, string>)),
      ),
    ]),
    'GET /api/dashboard/texts': await signedIn(get('/api/dashboard/texts'), [
      named('an unknown parameter', get('/api/dashboard/texts', { page: '2' })),
    ]),
    'GET /api/dashboard/call-events': await signedIn(get('/api/dashboard/call-events'), [
      named('an unknown parameter', get('/api/dashboard/call-events', { since: '2020-01-01' })),
    ]),
    'GET /api/dashboard/usage': await signedIn(get('/api/dashboard/usage'), [
      named('an unknown parameter', get('/api/dashboard/usage', { month: '2020-01' })),
    ]),
    // Metrics are for this machine's scraper, or one holding METRICS_TOKEN (metrics.test.ts).
    'GET /metrics': [
      named('from a public address', { method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' }),
      named('through a proxy on this machine', {
        method: 'GET',
        url: '/metrics',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      }),
      named('with a bearer that is not the metrics token', {
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: 'Bearer guessed-metrics-token' },
      }),
    ],
  });

  const webhook = { method: 'POST' as const, url: '/api/billing/webhook' };
  corpus['POST /api/billing/webhook'] = [
    named('no signature', {
      ...webhook,
      headers: { 'content-type': 'application/json' },
      payload: '{"id":"evt_1"}',
    }),
    named('a forged signature', {
      ...webhook,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: '{"id":"evt_1"}',
    }),
    named('malformed JSON with a signature', {
      ...webhook,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: '{"id": ',
    }),
    named('a body over 1 MB', {
      ...webhook,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: JSON.stringify({ pad: 'x'.repeat(1_100_000) }),
    }),
  ];
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
