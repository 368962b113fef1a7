import { randomBytes } from 'node:crypto';
import { insertCall } from '../src/calls/record';
import { withinCallLimits } from '../src/limits/calls';
import { inWords } from '../src/limits/limits';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpAndLogin } from './helpers/auth';
import { waitForMail } from './helpers/outbox';
import { giveNumber, newUser, postWebhook, type Subscriber } from './helpers/telephony';

// The limits as clients meet them: 429, Retry-After and a sentence; and never for inbound calls.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, headers = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });

describe('click-to-calls', () => {
  let caller: Subscriber;
  const BUSINESS = '+12125550180';
  const call = (recipient = '+13125550199') =>
    post(
      '/api/twilio/create-call',
      { from_number: BUSINESS, forwarding_number: '+13125550181', recipient },
      caller.headers,
    );
  beforeAll(async () => {
    caller = await newUser(ctx);
    await giveNumber(ctx, caller, BUSINESS, '+13125550181');
  });

  it('counts placed calls only (refused numbers do not), and answers the 61st of the hour 429 with Retry-After', async () => {
    for (let i = 0; i < 5; i++) expect((await call('+18765550100')).statusCode).toBe(400);
    // One call at a time is the rule: 59 calls already placed this hour, counted as the route counts them.
    for (let i = 0; i < 59; i++) await ctx.app.limits.callPlaced(caller.id);
    expect((await call()).statusCode).toBe(201);
    const res = await call();
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    expect(res.json()).toEqual({
      error: 'too_many_requests',
      message: expect.stringMatching(
        /^You have reached the limit of 60 calls an hour\. Please try again in (1 hour|60 minutes)\.$/,
      ),
    });
  });

  it('still forwards every inbound call to the account, and records it', async () => {
    const voice = await postWebhook(ctx, '/api/twilio/voice', {
      CallSid: 'CAlimits',
      To: BUSINESS,
      From: '+12125550111',
    });
    expect(voice.body).toContain('<Dial');
    expect(voice.body).toContain('+13125550181');
    const inbound = await post('/api/sandbox/inbound-call', {
      to: BUSINESS,
      from: '+12125550111',
      duration: 60,
    });
    expect(inbound.statusCode).toBe(201);
    expect(inbound.json().call).toMatchObject({ direction: 'inbound', duration: 60 });
  });
});

describe('minutes of click-to-calls a day', () => {
  // An account that talked `minutes` today (one recorded outbound call), then asks for a call.
  async function callAfter(minutes: number, from: string, forwardTo: string) {
    const talker = await newUser(ctx);
    await giveNumber(ctx, talker, from, forwardTo);
    await ctx.deps.db.transaction((tx) =>
      insertCall(tx, {
        userId: talker.id,
        providerCallSid: `CA${randomBytes(8).toString('hex')}`,
        direction: 'outbound',
        fromNumber: from,
        toNumber: '+13125550199',
        status: 'completed',
        durationSeconds: minutes * 60,
      }),
    );
    return post(
      '/api/twilio/create-call',
      { from_number: from, forwarding_number: forwardTo, recipient: '+13125550199' },
      talker.headers,
    );
  }

  it('lets a call out after 599 minutes talked today', async () => {
    expect((await callAfter(599, '+12125550188', '+13125550189')).statusCode).toBe(201);
  });

  it('refuses it after 600, until midnight UTC (Retry-After)', async () => {
    const before = Date.now();
    const res = await callAfter(600, '+12125550182', '+13125550183');
    const after = Date.now();
    expect(res.statusCode).toBe(429);
    const nextMidnight = (Math.floor(before / 86_400_000) + 1) * 86_400_000;
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(Math.ceil((nextMidnight - after) / 1000));
    expect(wait).toBeLessThanOrEqual(Math.ceil((nextMidnight - before) / 1000));
    expect(res.json().message).toBe(
      `You have reached the limit of 600 minutes of calls a day. Please try again in ${inWords(wait)}.`,
    );
  });
});

it("counts only today's outbound minutes (UTC): yesterday's and inbound calls do not hold a call back", async () => {
  const talker = await newUser(ctx);
  await giveNumber(ctx, talker, '+12125550184', '+13125550185');
  const talked = (direction: 'inbound' | 'outbound', createdAt: Date) =>
    ctx.deps.db.transaction((tx) =>
      insertCall(tx, {
        userId: talker.id,
        providerCallSid: `CA${randomBytes(8).toString('hex')}`,
        direction,
        fromNumber: '+12125550184',
        toNumber: '+13125550199',
        status: 'completed',
        durationSeconds: 600 * 60,
        createdAt,
      }),
    );
  const midnight = new Date(new Date().toISOString().slice(0, 10));
  await talked('outbound', new Date(midnight.getTime() - 1000));
  await talked('inbound', new Date());
  const res = await post(
    '/api/twilio/create-call',
    { from_number: '+12125550184', forwarding_number: '+13125550185', recipient: '+13125550199' },
    talker.headers,
  );
  expect(res.statusCode).toBe(201);
});

it('gives the place back for a click-to-call the carrier did not place', async () => {
  const caller = await newUser(ctx);
  await giveNumber(ctx, caller, '+12125550186', '+13125550187');
  const carrierDown = () => Promise.reject(new Error('carrier down'));
  for (let i = 0; i < 60; i++) {
    await expect(withinCallLimits(ctx.app.limits, ctx.deps.db, caller.id, carrierDown)).rejects.toThrow(
      'carrier down',
    );
  }
  const res = await post(
    '/api/twilio/create-call',
    { from_number: '+12125550186', forwarding_number: '+13125550187', recipient: '+13125550199' },
    caller.headers,
  );
  expect(res.statusCode).toBe(201);
});

describe('number searches per client address', () => {
  const search = (address: string, headers = {}) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/twilio/search-numbers?area_code=512',
      remoteAddress: address,
      headers,
    });

  it('answers 429 after 30 a minute, and a forged X-Forwarded-For does not help', async () => {
    for (let i = 0; i < 30; i++) {
      const forged = { 'x-forwarded-for': `10.0.${i}.1` };
      expect((await search('203.0.113.50', forged)).statusCode).toBe(200);
    }
    const res = await search('203.0.113.50', { 'x-forwarded-for': '10.9.9.9' });
    expect(res.statusCode).toBe(429);
    // The minute started with the first search; a slow machine may have used some of it since.
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(res.json().message).toBe(
      wait === 60
        ? 'Too many number searches. Please try again in 1 minute.'
        : `Too many number searches. Please try again in ${wait} seconds.`,
    );
    expect((await search('203.0.113.51')).statusCode).toBe(200);
  });
});

describe('sign-in attempts per email', () => {
  it('backs off after 5 wrong passwords: the right one is refused too, with the same sentence, until Retry-After', async () => {
    const user = await signUpAndLogin(ctx.app);
    const login = (password: string) => post('/api/auth/login', { email: user.email, password });
    for (let i = 0; i < 5; i++) expect((await login('wrong password')).statusCode).toBe(401);
    const refused = await login(user.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({ error: 'too_many_requests', message: 'Invalid email or password.' });
    let status = refused.statusCode;
    for (let tries = 0; status === 429 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await login(user.password)).statusCode;
    }
    expect(status).toBe(200);
  });

  it('treats an unknown email exactly like a known one', async () => {
    const login = () => post('/api/auth/login', { email: 'nobody-here@example.com', password: 'guess' });
    for (let i = 0; i < 5; i++) expect((await login()).statusCode).toBe(401);
    expect((await login()).json()).toEqual({
      error: 'too_many_requests',
      message: 'Invalid email or password.',
    });
  });
});

it('sends at most 5 reset emails an hour to an address, whatever its case', async () => {
  const email = `reset-${randomBytes(3).toString('hex')}@example.com`;
  for (let i = 0; i < 5; i++) {
    expect((await post('/api/auth/request-reset-password', { email })).statusCode).toBe(200);
  }
  const res = await post('/api/auth/request-reset-password', { email: email.toUpperCase() });
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
  expect(res.json().message).toBe(
    'Too many reset requests for this email. Please check your inbox, or try again in 1 hour.',
  );
});

describe('TRUST_PROXY', () => {
  let proxied: TestContext;
  beforeAll(async () => {
    proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => proxied.close());

  it("takes the client address from the trusted proxy's X-Forwarded-For", async () => {
    const search = (client: string) =>
      proxied.app.inject({
        method: 'GET',
        url: '/api/twilio/search-numbers?area_code=512',
        headers: { 'x-forwarded-for': `${client}, 10.1.1.1` },
      });
    // The proxy appended the address it saw: the left part is the client's own claim, never trusted.
    for (let i = 0; i < 30; i++) expect((await search(`192.0.2.${i}`)).statusCode).toBe(200);
    expect((await search('192.0.2.200')).statusCode).toBe(429);
  });
});

it('lets the account holder in at once after a password reset, even while sign-in was backing off', async () => {
  const user = await signUpAndLogin(ctx.app);
  for (let i = 0; i < 5; i++)
    await post('/api/auth/login', { email: user.email, password: 'wrong password' });
  await post('/api/auth/request-reset-password', { email: user.email });
  const mail = await waitForMail(ctx.deps.config.dataDir, user.email);
  const token = new URL(mail.links[0]).searchParams.get('token');
  expect(
    (await post('/api/auth/reset-password', { token, password: 'a brand new password' })).statusCode,
  ).toBe(200);
  const res = await post('/api/auth/login', { email: user.email, password: 'a brand new password' });
  expect(res.statusCode).toBe(200);
});
