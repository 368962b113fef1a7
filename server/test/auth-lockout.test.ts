import { LOGIN_PER_ACCOUNT, LOGIN_PER_ADDRESS } from '../src/limits/rules';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpAndLogin, type TestUser } from './helpers/auth';
import { waitForMail } from './helpers/outbox';

// Failing on purpose must not lock an owner out of their own account (docs/security.md, "Sign-in limits").
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Client = { address: string; device?: string };

const signIn = (client: Client, email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: client.address,
    headers: client.device ? { cookie: `fwd_device=${client.device}` } : {},
  });
const deviceCookie = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'fwd_device');
const address = (n: number) => `203.0.113.${n}`;

async function fail(client: Client, email: string, times: number) {
  for (let i = 0; i < times; i++) await signIn(client, email, 'not the password');
}

describe('sign-in limits', () => {
  let victim: TestUser;
  beforeEach(async () => {
    victim = await signUpAndLogin(ctx.app);
  });

  it('locks the client that guessed 16 times, never the owner signing in from elsewhere', async () => {
    const attacker = { address: address(66) };
    const statuses = [];
    for (let i = 0; i < 16; i++) statuses.push((await signIn(attacker, victim.email, 'guess')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
    const owner = await signIn({ address: '198.51.100.7' }, victim.email, victim.password);
    expect(owner.statusCode).toBe(200);
    // The guesser is still held back, even with the right password.
    const again = await signIn(attacker, victim.email, victim.password);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe('Invalid email or password.');
  });

  it('stops guesses from many addresses at the account limit, but lets a known device in', async () => {
    const known = await signIn({ address: '198.51.100.8' }, victim.email, victim.password);
    const cookie = deviceCookie(known);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    // 5 quick failures from each address (the free ones before its backoff).
    for (let n = 0; n * 5 < LOGIN_PER_ACCOUNT.points; n++)
      await fail({ address: address(100 + n) }, victim.email, 5);
    const stranger = await signIn({ address: '198.51.100.9' }, victim.email, victim.password);
    expect(stranger.statusCode).toBe(429);
    const device = await signIn(
      { address: '198.51.100.9', device: cookie!.value },
      victim.email,
      victim.password,
    );
    expect(device.statusCode).toBe(200);
  });

  it('lets in the client that completed a password reset, even at a locked address', async () => {
    const shared = { address: address(77) };
    await fail(shared, victim.email, 5);
    expect((await signIn(shared, victim.email, victim.password)).statusCode).toBe(429);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-reset-password',
      payload: { email: victim.email },
    });
    const mail = await waitForMail(ctx.deps.config.dataDir, victim.email);
    const token = new URL(mail.links[0]).searchParams.get('token');
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'a brand new password' },
      remoteAddress: shared.address,
    });
    expect(reset.statusCode).toBe(200);
    const device = { ...shared, device: deviceCookie(reset)!.value };
    expect((await signIn(device, victim.email, 'a brand new password')).statusCode).toBe(200);
  });

  it('refuses an address that fails across many emails, and only it', async () => {
    const sprayer = { address: address(88) };
    for (let i = 0; i < LOGIN_PER_ADDRESS.points; i++) {
      await signIn(sprayer, `nobody-${i}@example.com`, 'Summer2026!');
    }
    expect((await signIn(sprayer, victim.email, victim.password)).statusCode).toBe(429);
    expect((await signIn({ address: address(89) }, victim.email, victim.password)).statusCode).toBe(200);
  });

  it('never takes a device cookie of another account, or a forged one', async () => {
    const other = await signUpAndLogin(ctx.app);
    const theirs = deviceCookie(await signIn({ address: address(90) }, other.email, other.password))!.value;
    const locked = { address: address(91) };
    await fail(locked, victim.email, 5);
    for (const device of [theirs, 'forged.value', `${theirs.slice(0, -2)}xx`]) {
      expect((await signIn({ ...locked, device }, victim.email, victim.password)).statusCode).toBe(429);
    }
  });

  it('never takes its own cookie with the signature altered or cut short', async () => {
    const own = deviceCookie(await signIn({ address: address(92) }, victim.email, victim.password))!.value;
    const locked = { address: address(93) };
    await fail(locked, victim.email, 5);
    const last = own.at(-1) === 'A' ? 'B' : 'A';
    for (const device of [`${own.slice(0, -1)}${last}`, own.slice(0, -1), `${own}A`]) {
      expect((await signIn({ ...locked, device }, victim.email, victim.password)).statusCode).toBe(429);
    }
  });

  it('knows the device whatever the case and spaces of the email typed, among the other cookies', async () => {
    const typed = `  ${victim.email.toUpperCase()} `;
    const known = deviceCookie(await signIn({ address: address(94) }, typed, victim.password))!.value;
    const locked = { address: address(95) };
    await fail(locked, victim.email, 5);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: victim.email, password: victim.password },
      remoteAddress: locked.address,
      headers: { cookie: `theme=dark; fwd_device=${known}; lang=en` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('keeps the device cookie 180 days, sent over http here (Secure only under an https APP_URL)', async () => {
    const res = await signIn({ address: address(96) }, victim.email, victim.password);
    expect(res.headers['set-cookie']).toMatch(
      /^fwd_device=[\w-]+\.[\w-]+\.[\w-]+; Max-Age=15552000; Path=\/api\/auth; HttpOnly; SameSite=Strict$/,
    );
  });
});

describe('the device cookie under an https APP_URL', () => {
  let secure: TestContext;
  beforeAll(async () => {
    secure = await createTestApp({ env: { APP_URL: 'https://forwardly.example' } });
  });
  afterAll(() => secure.close());

  it('is Secure', async () => {
    const user = await signUpAndLogin(secure.app);
    const res = await secure.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(res.headers['set-cookie']).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
  });
});
