import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, productionProblems } from './config-checks';
import { ensureDataDir, OWNER_ONLY_FILE } from './data-dir';
import type { AssetStore } from './http/asset-store';
import { checkRedisUrl } from './limits/redis-at-start';

// Every variable is optional on a developer machine: the defaults give an embedded database,
// sandbox providers and a mail outbox (README.md, "Configuration").
const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // 'localhost' makes Fastify listen on both 127.0.0.1 and ::1; use 0.0.0.0 in a container.
  HOST: z.string().default('localhost'),
  APP_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  // Postgres connections of this process's pool (pg-boss holds 2 more): docs/operations-migrations.md.
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).default(5),
  DATABASE_PGBOUNCER: z.enum(['true', 'false']).default('false'),
  // Off when migrations run as their own deploy step (`npm run migrate`).
  MIGRATE_ON_START: z.enum(['true', 'false']).default('true'),
  DATA_DIR: z.string().default('.data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  CORS_ORIGINS: z.string().optional(),
  REDIS_URL: z.string().optional(),
  // Prefix of the limit counters' keys, so several deployments (or test runs) can share one Redis.
  REDIS_PREFIX: z.string().default('forwardly'),
  // How long a limit waits on Redis before counting in memory (docs/operations-observability.md).
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().positive().default(100),
  TRUST_PROXY: z.string().optional(),
  // Lets a scraper off this machine read /metrics (Authorization: Bearer <token>).
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ALLOW_SANDBOX: z.enum(['true', 'false']).optional(),
  // The OpenAPI UI and JSON at /api/docs: on by default, off by default in production.
  API_DOCS: z.enum(['true', 'false']).optional(),
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(100),
  TELEPHONY: z.enum(['sandbox', 'twilio']).optional(),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  BILLING: z.enum(['sandbox', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_ID: z.string().optional(),
  MAIL: z.enum(['outbox', 'smtp']).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Forwardly <no-reply@forwardly.example>'),
  // On SIGTERM: how long the node answers unready while still serving (so the load balancer sees it
  // first), then how long in all it may take to finish before it gives up and exits 1.
  // A folder shared by every node, where each publishes its build's hashed assets for the others
  // (docs/operations.md, "Assets across a deploy"), and how long a build's assets stay after its last start.
  ASSET_STORE_DIR: z.string().optional(),
  ASSET_STORE_MAX_AGE_DAYS: z.coerce.number().int().positive().default(14),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(0),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(25_000),
});

type Env = z.infer<typeof envSchema>;

// Each provider's settings, present exactly when that provider is the one in use.
export type TelephonyConfig = { kind: 'sandbox' } | { kind: 'twilio'; accountSid: string; authToken: string };
export type BillingConfig =
  { kind: 'sandbox' } | { kind: 'stripe'; secretKey: string; webhookSecret: string; priceId: string };
export type MailConfig = { kind: 'outbox' } | { kind: 'smtp'; url: string; from: string };

export interface Config {
  production: boolean;
  port: number;
  host: string;
  appUrl: string;
  databaseUrl?: string;
  databasePool: { max: number; pgBouncer: boolean };
  migrateOnStart: boolean;
  dataDir: string;
  jwtSecret: string;
  corsOrigins: string[];
  redisUrl?: string;
  redisPrefix: string;
  redisCommandTimeoutMs: number;
  metricsToken?: string;
  // Fastify's trustProxy: false, a hop count, or the proxies' addresses (see config-checks.ts).
  trustProxy: false | number | string[];
  authRateLimit: number;
  apiDocs: boolean;
  telephony: TelephonyConfig;
  billing: BillingConfig;
  mail: MailConfig;
  assetStore?: AssetStore;
  shutdown: { delayMs: number; timeoutMs: number };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = parseEnv(source);
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR);
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  // A provider chosen without its settings is a configuration error.
  const telephony = telephonyConfig(
    env,
    env.TELEPHONY ?? (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN ? 'twilio' : 'sandbox'),
  );
  const billing = billingConfig(env, env.BILLING ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox'));
  const mail = mailConfig(env, env.MAIL ?? (env.SMTP_URL ? 'smtp' : 'outbox'));
  const missing = productionProblems({
    appUrl: env.APP_URL,
    telephony: telephony.kind,
    billing: billing.kind,
    mail: mail.kind,
  });
  if (refusesDemo(env) && missing.length) {
    throw new Error(
      `Refusing to start in production without ${missing.join(', ')}. ` +
        'Configure them, or set ALLOW_SANDBOX=true to run a demo on the sandbox providers.',
    );
  }
  const database = databaseConfig(env);
  return {
    production,
    port: env.PORT,
    host: env.HOST,
    appUrl,
    ...database,
    jwtSecret: env.JWT_SECRET ?? generatedSecret(dataDir, production),
    corsOrigins: env.CORS_ORIGINS
      ? env.CORS_ORIGINS.split(',').map((o) => o.trim())
      : [new URL(appUrl).origin],
    redisUrl: checkRedisUrl(env.REDIS_URL || undefined, refusesDemo(env)),
    redisPrefix: env.REDIS_PREFIX,
    redisCommandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS,
    metricsToken: env.METRICS_TOKEN,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    authRateLimit: env.AUTH_RATE_LIMIT,
    apiDocs: env.API_DOCS ? env.API_DOCS === 'true' : !production,
    telephony,
    billing,
    mail,
    assetStore: env.ASSET_STORE_DIR
      ? { dir: path.resolve(env.ASSET_STORE_DIR), maxAgeDays: env.ASSET_STORE_MAX_AGE_DAYS }
      : undefined,
    shutdown: { delayMs: env.SHUTDOWN_DELAY_MS, timeoutMs: env.SHUTDOWN_TIMEOUT_MS },
  };
}

export type DatabaseConfig = Pick<Config, 'databaseUrl' | 'databasePool' | 'migrateOnStart' | 'dataDir'>;

/** Where the data lives (also all `npm run migrate` needs); production refuses the embedded database. */
export function loadDatabaseConfig(source: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  return databaseConfig(parseEnv(source));
}

function parseEnv(source: NodeJS.ProcessEnv): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}

function databaseConfig(env: Env): DatabaseConfig {
  if (refusesDemo(env) && !env.DATABASE_URL) throw new Error(EMBEDDED_IN_PRODUCTION);
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    databasePool: { max: env.DATABASE_POOL_MAX, pgBouncer: env.DATABASE_PGBOUNCER === 'true' },
    migrateOnStart: env.MIGRATE_ON_START === 'true',
    dataDir: path.resolve(env.DATA_DIR),
  };
}

// Production refuses the demo's stand-ins (sandbox providers, embedded database, no Redis) unless
// ALLOW_SANDBOX=true says a demo is meant.
const refusesDemo = (env: Env) => env.NODE_ENV === 'production' && env.ALLOW_SANDBOX !== 'true';

const EMBEDDED_IN_PRODUCTION =
  'Refusing to start in production without DATABASE_URL: the embedded database (PGlite in DATA_DIR) ' +
  'serves one process on one machine, with no backups or replication. Set DATABASE_URL to a Postgres ' +
  'server, or ALLOW_SANDBOX=true to run a demo.';

/** The values of `names`, or an error naming every one that is not set. */
function required<const K extends keyof Env>(env: Env, ...names: K[]): Record<K, string> {
  const missing = names.filter((n) => !env[n]);
  if (missing.length) throw new Error(`Invalid configuration: ${missing.join(', ')} must be set`);
  return Object.fromEntries(names.map((n) => [n, String(env[n])])) as Record<K, string>;
}

function telephonyConfig(env: Env, kind: TelephonyConfig['kind']): TelephonyConfig {
  if (kind === 'sandbox') return { kind };
  const twilio = required(env, 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN');
  return { kind, accountSid: twilio.TWILIO_ACCOUNT_SID, authToken: twilio.TWILIO_AUTH_TOKEN };
}

function billingConfig(env: Env, kind: BillingConfig['kind']): BillingConfig {
  if (kind === 'sandbox') return { kind };
  const stripe = required(env, 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID');
  return {
    kind,
    secretKey: stripe.STRIPE_SECRET_KEY,
    webhookSecret: stripe.STRIPE_WEBHOOK_SECRET,
    priceId: stripe.STRIPE_PRICE_ID,
  };
}

function mailConfig(env: Env, kind: MailConfig['kind']): MailConfig {
  if (kind === 'outbox') return { kind };
  return { kind, url: required(env, 'SMTP_URL').SMTP_URL, from: env.MAIL_FROM };
}

// A developer machine gets a secret generated once and kept in DATA_DIR, so tokens survive restarts.
function generatedSecret(dataDir: string, production: boolean): string {
  if (production) throw new Error('Invalid configuration: JWT_SECRET must be set in production');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  ensureDataDir(dataDir);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: OWNER_ONLY_FILE });
  return secret;
}
