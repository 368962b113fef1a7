import { SandboxTelephony, SIMULATED_CALL_SECONDS } from '../src/providers/sandbox-telephony';
import { sandboxWebhookSecret } from '../src/providers/telephony-from-config';
import { createTestApp, type TestContext } from './helpers/app';
import { giveNumber, newUser, type Subscriber } from './helpers/telephony';

let ctx: TestContext;
let owner: Subscriber;
beforeAll(async () => {
  // Simulated calls end after 1 s instead of 3 s.
  ctx = await createTestApp({
    deps: (config) => ({ telephony: new SandboxTelephony(sandboxWebhookSecret(config.jwtSecret), 1000) }),
  });
  owner = await newUser(ctx);
  await giveNumber(ctx, owner, '+16175550100', '+16175559876');
});
afterAll(() => ctx.close());

const valid = { from_number: '+16175550100', forwarding_number: '+16175559876', recipient: '+12025550143' };

const createCall = (user: Subscriber, payload: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/api/twilio/create-call', headers: user.headers, payload });

const history = (user: Subscriber) =>
  ctx.app.inject({ method: 'GET', url: '/api/dashboard/calls', headers: user.headers }).then((r) => r.json());

describe('POST /api/twilio/create-call', () => {
  it('records an initiated outbound call at once, then its duration when it completes', async () => {
    const res = await createCall(owner, valid);
    expect(res.statusCode).toBe(201);
    const { call } = res.json();
    expect(call).toMatchObject({
      direction: 'outbound',
      from_number: '+16175550100',
      to_number: '+12025550143',
      duration: 0,
      status: 'initiated',
    });
    expect((await history(owner)).calls[0]).toMatchObject({ id: call.id, duration: 0 });

    let latest = (await history(owner)).calls[0];
    for (let waited = 0; latest.duration === 0 && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      latest = (await history(owner)).calls[0];
    }
    expect(latest).toMatchObject({ id: call.id, duration: SIMULATED_CALL_SECONDS });
  });

  it.each([
    ['a premium 900 number', '+19005550143'],
    ['a premium 976 number', '+19765550143'],
    ['911', '+19115550143'],
    ['411', '+14115550143'],
    ['a number that is not US E.164', '+442071234567'],
    ['the business number itself', '+16175550100'],
  ])('refuses to call %s (400)', async (_, recipient) => {
    const res = await createCall(owner, { ...valid, recipient });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: expect.any(String) });
  });

  it("never rings a phone other than the user's configured forwarding number", async () => {
    const res = await createCall(owner, { ...valid, forwarding_number: '+13125550000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/forwarding number/i);
  });

  it("answers 404 when calling from another account's number, and records nothing for either", async () => {
    const other = await newUser(ctx);
    const before = (await history(owner)).metadata.total_items;
    const res = await createCall(other, valid);
    expect(res.statusCode).toBe(404);
    expect((await history(other)).metadata.total_items).toBe(0);
    expect((await history(owner)).metadata.total_items).toBe(before);
  });

  it('answers 409 until a forwarding number is set', async () => {
    const user = await newUser(ctx);
    await giveNumber(ctx, user, '+16175550101');
    const res = await createCall(user, { ...valid, from_number: '+16175550101' });
    expect(res.statusCode).toBe(409);
  });

  it('needs a live subscription and a signed-in user', async () => {
    const user = await newUser(ctx, { subscribed: false });
    expect((await createCall(user, valid)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/twilio/create-call',
      payload: valid,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 400 for a missing field', async () => {
    const res = await createCall(owner, { from_number: valid.from_number, recipient: valid.recipient });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The forwarding_number field is required.');
  });
});
