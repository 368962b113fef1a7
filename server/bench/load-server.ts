import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { CallEventHub } from '../src/calls/call-events';
import { buildApp } from '../src/app';
import { hashPassword } from '../src/auth/passwords';
import { startSession } from '../src/auth/sessions';
import { signAccessToken } from '../src/auth/tokens';
import { loadConfig } from '../src/config';
import { outboxMailer } from '../src/providers/mail/outbox';
import { sandboxBilling } from '../src/sandbox/billing/billing';
import { SandboxTelephony } from '../src/sandbox/telephony/telephony';
import { sandboxWebhookSecret } from '../src/providers/from-config';
import { numberWebhooks } from '../src/calls/urls';
import { benchDatabase } from './database';
import { PASSWORD, PUBLIC_URL } from './load-shared';
import { seriesPlaces, settle } from './seed';
import { peakSampler } from './peak-memory';

// The server side of `npm run bench:load`, in its own process so its RSS is its own: seeds
// accounts (each with a trial, a forwarded number and a call history), listens on 127.0.0.1 and
// prints one JSON line with its address and what the load needs (tokens, numbers, secrets).
const ACCOUNTS = 200;
const CALLS_EACH = 500;

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forwardly-load-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    ALLOW_SANDBOX: 'true',
    DATA_DIR: dataDir,
    APP_URL: PUBLIC_URL,
    JWT_SECRET: randomUUID() + randomUUID(),
    // The load comes from one address; real sign-ins come from many.
    AUTH_RATE_LIMIT: '1000000',
  });
  const database = await benchDatabase();
  await database.migrate();
  const accounts = await seed(database.db);
  // The sandbox carrier walks each click-to-call through our webhooks, a step every 100 ms, so
  // calls end (and their legs are recorded) during the run, as Twilio's reports would.
  const telephony = new SandboxTelephony(
    sandboxWebhookSecret(config.jwtSecret),
    numberWebhooks(config.appUrl),
    { stepMs: 100 },
  );
  const app = await buildApp({
    config,
    db: database.db,
    mailer: outboxMailer(dataDir, () => {}),
    telephony,
    billing: sandboxBilling(config, database.db),
    callEvents: new CallEventHub(config),
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const tokens = await Promise.all(
    accounts.map(async (a) => {
      // A live session: the auth guard checks every access token's session.
      const { sessionId } = await startSession(database.db, a.id);
      return signAccessToken(config.jwtSecret, { userId: a.id, sessionId });
    }),
  );
  const fixture = {
    origin,
    kind: database.kind,
    webhookSecret: sandboxWebhookSecret(config.jwtSecret),
    accounts: accounts.map((a, i) => ({ ...a, token: tokens[i] })),
  };
  process.stdout.write(`${JSON.stringify(fixture)}\n`);
  const peak = peakSampler();
  process.once('SIGTERM', () => {
    peak.stop();
    // Where the memory is at the end of the run (the bench prints the peak RSS): V8's heap, or
    // outside it (native buffers, the allocator's arenas).
    const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
    const m = process.memoryUsage();
    // What the heap still holds once collected (the bench starts this process with --expose-gc).
    (globalThis as { gc?: () => void }).gc?.();
    const live = process.memoryUsage().heapUsed;
    console.error(
      `server memory at the end: RSS ${mb(m.rss)}, V8 heap ${mb(m.heapTotal)} (${mb(m.heapUsed)} used, ` +
        `${mb(live)} live after a full collection), external ${mb(m.external)} (array buffers ${mb(m.arrayBuffers)})`,
    );
    console.error(`server memory at its RSS peak: ${peak.describe()}`);
    void app
      .close()
      .then(() => database.close())
      .finally(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
  });
}

// Bulk SQL: ACCOUNTS users sharing one Argon2 hash, each with a trial, a number and calls.
async function seed(db: Awaited<ReturnType<typeof benchDatabase>>['db']) {
  const hash = await hashPassword(PASSWORD);
  const accounts = Array.from({ length: ACCOUNTS }, (_, i) => ({
    id: randomUUID(),
    email: `load-${i}@bench.example`,
    number: `+1212${String(2000000 + i)}`,
    forwarding: `+1312${String(2000000 + i)}`,
  }));
  for (const a of accounts) {
    await db.execute(sql`insert into users (id, name, email, password_hash, terms_accepted_at)
      values (${a.id}, 'Load', ${a.email}, ${hash}, now())`);
    await db.execute(sql`insert into subscriptions (user_id, provider, status, current_period_end)
      values (${a.id}, 'sandbox', 'trialing', now() + interval '14 days')`);
    await db.execute(sql`insert into phone_numbers (user_id, phone_number, provider_sid, forwarding_number)
      values (${a.id}, ${a.number}, 'PNload', ${a.forwarding})`);
    await db.execute(sql`insert into calls (user_id, provider_call_sid, direction, from_number, to_number,
        status, duration_seconds, created_at, position, direction_position)
      select ${a.id}, 'CAload' || ${a.id} || i, case when i % 2 = 0 then 'inbound' else 'outbound' end,
        '+12125550111', ${a.number}, 'completed', i % 300, now() - i * interval '1 hour', ${seriesPlaces(CALLS_EACH)}
      from generate_series(1, ${CALLS_EACH}) as i`);
  }
  await settle(db);
  return accounts;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
