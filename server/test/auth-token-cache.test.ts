import { createTestApp, type TestContext } from './helpers/app';
import { signUpAndLogin } from './helpers/auth';
import { moveDateForward } from './helpers/wall-clock';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
afterEach(() => jest.useRealTimers());

const phoneNumber = (authorization: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/dashboard/phone-number', headers: { authorization } });

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
