import { loadConfig, loadDatabaseConfig } from '../src/config';
import { PRODUCTION_ENV } from './helpers/production-env';

// Production never runs on the sandbox providers by accident.
const { JWT_SECRET } = PRODUCTION_ENV;
const secret = { JWT_SECRET };
const real = PRODUCTION_ENV;

it('starts in production with real billing, telephony and mail and an https APP_URL', () => {
  const config = loadConfig(real);
  expect(config).toMatchObject({
    production: true,
    billing: { kind: 'stripe', secretKey: 'sk_live_x', webhookSecret: 'whsec_x', priceId: 'price_x' },
    telephony: { kind: 'twilio', accountSid: 'ACx', authToken: 'token' },
    mail: { kind: 'smtp', url: 'smtps://user:pass@smtp.example.com' },
  });
});

it('refuses to start in production on the sandbox providers, saying everything that is missing', () => {
  expect(() =>
    loadConfig({ ...secret, NODE_ENV: 'production', APP_URL: 'http://forwardly.example' }),
  ).toThrow(
    'Refusing to start in production without real billing (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and ' +
      'STRIPE_PRICE_ID), real telephony (TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN), real mail (SMTP_URL), ' +
      'an https APP_URL. Configure them, or set ALLOW_SANDBOX=true to run a demo on the sandbox providers.',
  );
});

it.each([
  ['STRIPE_SECRET_KEY', /real billing/],
  ['TWILIO_ACCOUNT_SID', /real telephony/],
  ['SMTP_URL', /real mail/],
  ['APP_URL', /an https APP_URL/],
])('names what is missing when only %s is', (name, message) => {
  const env: Record<string, string> = { ...real };
  delete env[name];
  expect(() => loadConfig(env)).toThrow(message);
});

it('refuses the embedded database in production, saying how to point it at Postgres', () => {
  const env: Record<string, string> = { ...real };
  delete env.DATABASE_URL;
  const refusal =
    'Refusing to start in production without DATABASE_URL: the embedded database (PGlite in DATA_DIR) ' +
    'serves one process on one machine, with no backups or replication. Set DATABASE_URL to a Postgres ' +
    'server, or ALLOW_SANDBOX=true to run a demo.';
  expect(() => loadConfig(env)).toThrow(refusal);
  // `npm run migrate` reads only the database settings, and refuses the same way.
  expect(() => loadDatabaseConfig(env)).toThrow(refusal);
  expect(loadDatabaseConfig(real)).toMatchObject({
    databaseUrl: real.DATABASE_URL,
    databasePool: { max: 5, pgBouncer: false },
    migrateOnStart: true,
  });
});

it('runs a demo on the sandbox in production mode only with ALLOW_SANDBOX=true', () => {
  const config = loadConfig({ ...secret, NODE_ENV: 'production', ALLOW_SANDBOX: 'true' });
  expect(config).toMatchObject({
    billing: { kind: 'sandbox' },
    telephony: { kind: 'sandbox' },
    mail: { kind: 'outbox' },
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value?: string) => loadConfig({ ...real, TRUST_PROXY: value }).trustProxy;

  it('is off by default, also in production', () => expect(trust()).toBe(false));
  it('takes a hop count', () => expect(trust('2')).toBe(2));
  it('takes proxy addresses and ranges', () =>
    expect(trust('10.0.0.1, 192.168.0.0/16,::1')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']));
  it('refuses true, which would believe any address a client writes', () =>
    expect(() => trust('true')).toThrow(/TRUST_PROXY=true would believe any X-Forwarded-For/));
  it('refuses what is not an address', () =>
    expect(() => trust('proxy.internal')).toThrow('proxy.internal is not one'));
});

it.each([
  [{ TELEPHONY: 'twilio', TWILIO_ACCOUNT_SID: 'ACx' }, 'TWILIO_AUTH_TOKEN must be set'],
  [{ BILLING: 'stripe' }, 'STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID must be set'],
  [{ MAIL: 'smtp' }, 'SMTP_URL must be set'],
])('refuses a provider chosen without its settings (%p), even on a developer machine', (chosen, message) => {
  expect(() => loadConfig({ ...secret, ...chosen })).toThrow(`Invalid configuration: ${message}`);
});
