import { decodeJwt, SignJWT } from 'jose';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpAndLogin, type TestUser } from './helpers/auth';
import { moveDateForward } from './helpers/wall-clock';

// What the guard takes as an access token, seen by a client: a well-signed token that is not one of
// ours in every claim, a header that is not exactly a bearer token, or a token at its last second.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
afterEach(() => jest.useRealTimers());

const phoneNumber = (authorization: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/dashboard/phone-number', headers: { authorization } });

const claimsOf = (user: TestUser) => decodeJwt(user.access_token) as { sub: string; sid: string };

// Signed with the server's own secret, so only the claims named in each case are wrong.
function forged(
  user: TestUser,
  change: { alg?: string; iss?: string; aud?: string; sub?: string | null; sid?: string | null },
) {
  const { sub, sid } = claimsOf(user);
  const claims = change.sid === null ? {} : { sid: change.sid ?? sid };
  let jwt = new SignJWT(claims)
    .setProtectedHeader({ alg: change.alg ?? 'HS256' })
    .setIssuer(change.iss ?? 'forwardly')
    .setAudience(change.aud ?? 'access')
    .setIssuedAt()
    .setExpirationTime('15m');
  if (change.sub !== null) jwt = jwt.setSubject(change.sub ?? sub);
  return jwt.sign(new TextEncoder().encode(ctx.deps.config.jwtSecret));
}

describe('an access token', () => {
  it('passes when signed by the server with every claim of ours (the forging itself is right)', async () => {
    const user = await signUpAndLogin(ctx.app);
    expect((await phoneNumber(`Bearer ${await forged(user, {})}`)).statusCode).toBe(200);
  });

  it.each([
    ['another issuer', { iss: 'someone-else' }],
    ['another audience', { aud: 'refresh' }],
    ['another algorithm', { alg: 'HS512' }],
    ['no subject', { sub: null }],
    ['no session', { sid: null }],
  ])('is refused with %s, even signed with the server’s secret', async (_, change) => {
    const user = await signUpAndLogin(ctx.app);
    const res = await phoneNumber(`Bearer ${await forged(user, change)}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'unauthorized', message: expect.stringMatching(/sign in/) });
  });

  it('without a session signs nothing out: never every session of its subject', async () => {
    const user = await signUpAndLogin(ctx.app);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${await forged(user, { sid: null })}` },
    });
    expect(logout.statusCode).toBe(401);
    expect((await phoneNumber(user.headers.authorization)).statusCode).toBe(200);
  });

  it('is read from "Bearer <token>" in any case, and from nothing else around it', async () => {
    const user = await signUpAndLogin(ctx.app);
    const token = user.access_token;
    for (const ok of [`Bearer ${token}`, `bearer ${token}`, `Bearer   ${token}`]) {
      expect((await phoneNumber(ok)).statusCode).toBe(200);
    }
    for (const refused of [`XBearer ${token}`, `Bearer ${token} extra`, `Bearer${token}`, token]) {
      expect((await phoneNumber(refused)).statusCode).toBe(401);
    }
  });

  it('works until its 15th minute ends and not at that second, remembered or not', async () => {
    moveDateForward(0); // the wall clock stands still until the test sets it
    const user = await signUpAndLogin(ctx.app);
    const expiresAt = (decodeJwt(user.access_token).exp ?? 0) * 1000;
    expect(expiresAt - Date.now()).toBeGreaterThan(15 * 60_000 - 1000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    jest.setSystemTime(expiresAt - 1);
    expect((await phoneNumber(user.headers.authorization)).statusCode).toBe(200);
    jest.setSystemTime(expiresAt);
    expect((await phoneNumber(user.headers.authorization)).statusCode).toBe(401);
  });
});

// The guard remembers verified access tokens; that must never outlive the token itself.
describe('a remembered access token', () => {
  it('still stops working when it expires', async () => {
    const user = await signUpAndLogin(ctx.app);
    expect((await phoneNumber(user.headers.authorization)).statusCode).toBe(200);
    expect((await phoneNumber(user.headers.authorization)).statusCode).toBe(200);
    moveDateForward(16 * 60 * 1000); // past the 15-minute lifetime
    expect((await phoneNumber(user.headers.authorization)).statusCode).toBe(401);
  });

  it('is only the exact token that was verified', async () => {
    const user = await signUpAndLogin(ctx.app);
    expect((await phoneNumber(user.headers.authorization)).statusCode).toBe(200);
    // Another first character of the signature: its six bits all count (the last character's low
    // bits do not, so changing it could leave the same signature, about once in a thousand runs).
    const token = user.headers.authorization;
    const at = token.lastIndexOf('.') + 1;
    const tampered = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect((await phoneNumber(tampered)).statusCode).toBe(401);
  });
});
