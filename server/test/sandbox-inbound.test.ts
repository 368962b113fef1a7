import { createTestApp, type TestContext } from './helpers/app';
import { minutesUsed } from './helpers/dashboard';
import { giveNumber, newUser, type Subscriber } from './helpers/telephony';

// POST /api/sandbox/inbound-call adds minutes to an account: only the server's own machine, or the
// number's owner signed in, may simulate a call.
let ctx: TestContext;
let owner: Subscriber;
let stranger: Subscriber;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await newUser(ctx);
  stranger = await newUser(ctx);
  await giveNumber(ctx, owner, '+12125550190', '+13125550191');
});
afterAll(() => ctx.close());

const simulate = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/sandbox/inbound-call',
    payload: { to: '+12125550190', from: '+12125550111', duration: 30 },
    ...options,
  });

it('answers on the server’s own machine (loopback)', async () => {
  expect((await simulate()).statusCode).toBe(201);
});

it('answers the number’s owner from anywhere', async () => {
  const res = await simulate({ remoteAddress: '203.0.113.9', headers: owner.headers });
  expect(res.statusCode).toBe(201);
});

it('refuses anyone else, and their calls add no minutes', async () => {
  const before = await minutesUsed(ctx, owner);
  const anonymous = await simulate({ remoteAddress: '203.0.113.9' });
  expect(anonymous.statusCode).toBe(401);
  const other = await simulate({ remoteAddress: '203.0.113.9', headers: stranger.headers });
  expect(other.statusCode).toBe(404);
  expect(other.json().message).toBe('This number is not one of your numbers.');
  // A proxy on the same machine relays other people's requests: not loopback.
  const relayed = await simulate({ headers: { 'x-forwarded-for': '203.0.113.9' } });
  expect(relayed.statusCode).toBe(401);
  expect(await minutesUsed(ctx, owner)).toBe(before);
});

it('does not exist unless telephony is the sandbox', async () => {
  const twilio = await createTestApp({
    env: { TELEPHONY: 'twilio', TWILIO_ACCOUNT_SID: 'ACtest', TWILIO_AUTH_TOKEN: 'token' },
  });
  try {
    expect(
      (await twilio.app.inject({ method: 'POST', url: '/api/sandbox/inbound-call', payload: {} })).statusCode,
    ).toBe(404);
  } finally {
    await twilio.close();
  }
});
