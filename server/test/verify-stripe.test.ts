import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { FakeStripe } from './helpers/fake-stripe';

// `npm run verify:stripe` drives the product's billing adapter through Stripe's test mode; here it
// runs, unchanged, against the fake Stripe (which models test clocks and test cards), so the script
// itself is known to work before an operator points it at Stripe.

const run = promisify(execFile);
const script = path.join(__dirname, '../verify/stripe.ts');
const tsx = path.join(__dirname, '../../node_modules/.bin/tsx');

let fake: FakeStripe;
beforeAll(async () => {
  fake = await new FakeStripe().start();
});
afterAll(() => fake.stop());

const verify = (env: Record<string, string>) =>
  run(tsx, [script], { env: { PATH: process.env.PATH, ...env } }).catch(
    (error: { stdout: string; stderr: string; code: number }) => error,
  );

it('says it verified nothing, and succeeds, without a key', async () => {
  const result = await verify({});
  expect(result).toMatchObject({ stdout: expect.stringContaining('STRIPE_SECRET_KEY is not set') });
  expect('code' in result ? result.code : 0).toBe(0);
});

it('refuses a live-mode key', async () => {
  const result = await verify({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PRICE_ID: 'price_x' });
  expect(result).toMatchObject({ code: 1, stderr: expect.stringContaining('test mode only') });
});

it('passes every step against a Stripe that follows the rules', async () => {
  const { port } = (fake as unknown as { server: { address(): AddressInfo } }).server.address();
  const result = await verify({
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_PRICE_ID: 'price_sandbox_yearly',
    STRIPE_API_URL: `http://127.0.0.1:${port}`,
  });
  expect(result.stdout.split('\n').filter((line) => line.startsWith('✗'))).toEqual([]);
  expect(result.stdout.split('\n').filter((line) => line.startsWith('✓'))).toHaveLength(9);
  expect(result.stdout).toContain('Every check matched Stripe.');
  expect('code' in result ? result.code : 0).toBe(0);
});
