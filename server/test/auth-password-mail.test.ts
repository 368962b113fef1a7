import { createTestApp, type TestContext } from './helpers/app';
import { signUpAndLogin } from './helpers/auth';
import { readOutbox } from './helpers/outbox';
import { moveDateForward } from './helpers/wall-clock';

// The password mails as their owner reads them, and the reset link's hour at its exact millisecond.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
afterEach(() => jest.useRealTimers());

const HOUR_MS = 3_600_000;
// Every character HTML gives a meaning to, so each escape shows in the mail's HTML.
const NAME = `Ada <b>& "Lovelace's"`;
const NAME_HTML = 'Ada &lt;b&gt;&amp; &quot;Lovelace&#39;s&quot;';

type Mail = { to: string; subject: string; text: string; html: string; links: string[] };

// The next mail to `to` after `send` (mail leaves after the answer, so it is waited for).
async function nextMail(to: string, send: () => Promise<{ statusCode: number }>): Promise<Mail> {
  const before = readOutbox(ctx.deps.config.dataDir).length;
  expect((await send()).statusCode).toBe(200);
  for (let i = 0; i < 500; i++) {
    const mail = (readOutbox(ctx.deps.config.dataDir) as Mail[]).slice(before).find((m) => m.to === to);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${to}`);
}

const requestReset = (email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/request-reset-password', payload: { email } });
const reset = (token: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
const login = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const tokenOf = (mail: Mail) => new URL(mail.links[0]).searchParams.get('token')!;

it('mails a reset link that names the owner, in text and in escaped HTML', async () => {
  const user = await signUpAndLogin(ctx.app, { name: NAME });
  const mail = await nextMail(user.email, () => requestReset(user.email));
  const link = mail.links[0];
  expect(link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[\w-]{43}$/);
  expect(mail.subject).toBe('Reset your Forwardly password');
  expect(mail.text).toBe(
    [
      `Hi ${NAME},`,
      '',
      'Someone asked to reset the password of your Forwardly account. To choose a new password, open:',
      link,
      '',
      'The link works once and expires in one hour. If you did not ask for this, ignore this email.',
    ].join('\n'),
  );
  expect(mail.html).toBe(
    `<p>Hi ${NAME_HTML},</p>` +
      '<p>Someone asked to reset the password of your Forwardly account.</p>' +
      `<p><a href="${link}">Choose a new password</a></p>` +
      '<p>The link works once and expires in one hour. If you did not ask for this, ignore this email.</p>',
  );
});

it('mails the owner when the password changes, with a way back in', async () => {
  const user = await signUpAndLogin(ctx.app, { name: NAME });
  const mail = await nextMail(user.email, () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: user.headers,
      payload: { current_password: user.password, new_password: 'a brand new password' },
    }),
  );
  expect(mail.subject).toBe('Your Forwardly password was changed');
  expect(mail.text).toBe(
    [
      `Hi ${NAME},`,
      '',
      'The password of your Forwardly account was just changed, and every other device was signed out.',
      '',
      'If you did not do this, choose a new password now: http://localhost:3000/forgot-password',
    ].join('\n'),
  );
  expect(mail.html).toBe(
    `<p>Hi ${NAME_HTML},</p>` +
      '<p>The password of your Forwardly account was just changed, and every other device was signed out.</p>' +
      '<p>If you did not do this, <a href="http://localhost:3000/forgot-password">choose a new password now</a>.</p>',
  );
});

it('takes a reset link until its hour ends, not at that millisecond, and then no older link', async () => {
  const user = await signUpAndLogin(ctx.app);
  moveDateForward(0); // the wall clock stands still until the test sets it
  const requestedAt = Date.now();
  const older = tokenOf(await nextMail(user.email, () => requestReset(user.email)));
  const newer = tokenOf(await nextMail(user.email, () => requestReset(user.email)));
  jest.setSystemTime(requestedAt + HOUR_MS);
  const late = await reset(newer, 'a password too late');
  expect(late.statusCode).toBe(400);
  expect(late.json().error).toBe('invalid_reset_token');
  jest.setSystemTime(requestedAt + HOUR_MS - 1);
  expect((await reset(newer, 'a password just in time')).statusCode).toBe(200);
  expect((await reset(older, 'a password from an older link')).json().error).toBe('invalid_reset_token');
  expect((await login(user.email, 'a password just in time')).statusCode).toBe(200);
});
