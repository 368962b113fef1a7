import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { passwordResetMail } from '../src/auth/password-reset-mail';
import { outboxMailer } from '../src/providers/mail/outbox';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpAndLogin } from './helpers/auth';

const modeOf = (file: string) => statSync(file).mode & 0o777;
const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'forwardly-secrets-'));

describe('the request log', () => {
  let ctx: TestContext;
  let logged: Awaited<ReturnType<typeof buildApp>>;
  const lines: string[] = [];
  beforeAll(async () => {
    ctx = await createTestApp();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    logged = await buildApp(ctx.deps, { logger: { level: 'info', stream } });
  });
  afterAll(async () => {
    await logged.close();
    await ctx.close();
  });

  it('keeps tokens, auth pages’ query strings and hosted page ids out', async () => {
    const user = await signUpAndLogin(logged);
    const checkout = await logged.inject({
      method: 'POST',
      url: '/api/billing/create-checkout-session',
      headers: user.headers,
    });
    const hostedPage = new URL(checkout.json().url).pathname;
    const sessionId = hostedPage.split('/').pop()!;
    for (const url of [
      '/reset-password?token=reset-secret-1',
      '/checkout/redirect?session_id=cs_secret_2',
      `/api/dashboard/calls?page=1&token=query-secret-3`,
      hostedPage,
    ]) {
      await logged.inject({ method: 'GET', url, headers: user.headers });
    }
    await logged.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { authorization: `Bearer ${user.refresh_token}` },
    });
    const log = lines.join('');
    for (const secret of [
      'reset-secret-1',
      'cs_secret_2',
      'query-secret-3',
      sessionId,
      user.access_token,
      user.refresh_token,
      user.password,
    ]) {
      expect(log).not.toContain(secret);
    }
    expect(log).toContain('/reset-password?[redacted]');
    expect(log).toContain('/api/dashboard/calls?page=1&token=%5Bredacted%5D');
  });
});

describe('DATA_DIR', () => {
  it('is its owner’s only, with the generated JWT secret in it, even when it was created open', () => {
    const dataDir = path.join(tempDir(), 'data');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    try {
      loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(path.join(dataDir, 'jwt-secret'))).toBe(0o600);
    } finally {
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  });

  it('holds mail (with its reset link) readable by the owner only, and the log line has no link', async () => {
    const dataDir = tempDir();
    const log: string[] = [];
    try {
      const mailer = outboxMailer(dataDir, (line) => log.push(line));
      const link = 'http://localhost:3000/reset-password?token=mailed-secret';
      await mailer.send(passwordResetMail('someone@example.com', 'Someone', link));
      const [file] = readdirSync(mailer.dir);
      expect(modeOf(mailer.dir)).toBe(0o700);
      expect(modeOf(path.join(mailer.dir, file))).toBe(0o600);
      expect(log.join('\n')).toContain('someone@example.com');
      expect(log.join('\n')).not.toContain('mailed-secret');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
