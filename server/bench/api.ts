import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import twilio from 'twilio';
import { CallEventHub } from '../src/calls/call-events';
import { buildApp } from '../src/app';
import { startSession } from '../src/auth/sessions';
import { signAccessToken } from '../src/auth/tokens';
import { loadConfig } from '../src/config';
import { outboxMailer } from '../src/providers/mail/outbox';
import { sandboxBilling } from '../src/sandbox/billing/billing';
import { telephonyFromConfig } from '../src/providers/from-config';
import { benchDatabase } from './database';
import { measure, type Measured, ROUNDS, type Target, warmUp } from './measure';
import { report } from './report';
import { BENCH_NUMBER, CALLS_PER_USER, OTHER_USERS, PAID_NUMBER, seedBenchUser, trialNumber } from './seed';

// `npm run bench:api`: seeds a user with 100,000 calls, serves the API on 127.0.0.1 and measures
// the history, the dashboard's other first requests and the webhook with autocannon. Set
// DATABASE_URL to measure on Postgres (the figures that count); BENCH_ONLY (a pattern of route names)
// to measure some routes alone, beside the two floors.
const PUBLIC_URL = 'https://bench.forwardly.example';
const TWILIO_TOKEN = 'bench-auth-token';

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forwardly-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    APP_URL: PUBLIC_URL,
    JWT_SECRET: randomUUID() + randomUUID(),
    // The real Twilio webhook path, signature check included; no Twilio REST call is made.
    TELEPHONY: 'twilio',
    TWILIO_ACCOUNT_SID: 'ACbench',
    TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    // Sandbox billing and the mail outbox: nothing here reaches Stripe or sends mail.
    ALLOW_SANDBOX: 'true',
  });
  const database = await benchDatabase();
  console.log(`Seeding ${CALLS_PER_USER.toLocaleString('en-US')} calls on ${database.kind}…`);
  await database.migrate();
  const userId = await seedBenchUser(database.db);

  const callEvents = new CallEventHub(config);
  const app = await buildApp({
    config,
    db: database.db,
    mailer: outboxMailer(dataDir, () => {}),
    telephony: telephonyFromConfig(config),
    billing: sandboxBilling(config, database.db),
    callEvents,
  });
  // Bench-only routes: the framework's floor, and the database's (one indexed query).
  app.get('/bench/bare', async () => ({ ok: true }));
  app.get('/bench/one-query', async () => {
    await database.db.execute(sql`select id from phone_numbers where user_id = ${userId}`);
    return { ok: true };
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });

  // A live session: the auth guard checks every access token's session.
  const { sessionId } = await startSession(database.db, userId);
  const token = await signAccessToken(config.jwtSecret, { userId, sessionId });
  // Twilio's request for a call to a number (one call, asked again: a trial's sets its minutes aside).
  const voice = (to: string) => {
    const form = { CallSid: `CAbench${to.slice(1)}`, AccountSid: 'ACbench', From: '+12125550111', To: to };
    return {
      path: '/api/twilio/voice',
      method: 'POST' as const,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(
          TWILIO_TOKEN,
          `${PUBLIC_URL}/api/twilio/voice`,
          form,
        ),
      },
      body: new URLSearchParams(form).toString(),
    };
  };
  const today = new Date();
  const daysAgo = (n: number) => new Date(today.getTime() - n * 86_400_000).toISOString().slice(0, 10);
  const auth = { authorization: `Bearer ${token}` };
  const calls = (query: string) => ({ path: `/api/dashboard/calls${query}`, headers: auth });
  // Every guarded route serves at least 60 % of the one-query route's rate, with its p99 bound.
  const guard = (p99: number) => ({ goal: { percent: 60, p99 } });
  const all: Target[] = [
    { name: 'bare route', path: '/bench/bare' },
    { name: 'one indexed query', path: '/bench/one-query' },
    // The dashboard's default request: its total spans the whole history.
    { name: 'GET /api/dashboard/calls (page 1, no filter)', ...calls(''), ...guard(25) },
    {
      name: 'GET /api/dashboard/calls (page 3, inbound, last 90 days)',
      ...calls(`?page=3&per_page=10&direction=inbound&start_date=${daysAgo(90)}&end_date=${daysAgo(0)}`),
      ...guard(25),
    },
    // The same filter as the dashboard sends it from a browser in Chicago: its days begin at 05:00 or
    // 06:00 UTC, so each end of the range has a part day counted from the calls.
    {
      name: 'GET /api/dashboard/calls (page 3, inbound, 90 days, Chicago)',
      ...calls(
        `?page=3&per_page=10&direction=inbound&start_date=${daysAgo(90)}&end_date=${daysAgo(0)}&time_zone=America%2FChicago`,
      ),
      ...guard(25),
    },
    // Deep history: half of the 100,000 calls come before it.
    {
      name: 'GET /api/dashboard/calls (page 5000, no filter)',
      ...calls('?page=5000'),
      ...guard(25),
    },
    // The dashboard's other first requests (src/store/earlyResponses.ts), for comparison: no target.
    { name: 'GET /api/dashboard/usage', path: '/api/dashboard/usage', headers: auth },
    { name: 'GET /api/dashboard/phone-number', path: '/api/dashboard/phone-number', headers: auth },
    { name: 'GET /api/billing/subscription-status', path: '/api/billing/subscription-status', headers: auth },
    {
      name: 'POST /api/twilio/voice (signed, paid account)',
      ...voice(PAID_NUMBER),
      ...guard(10),
    },
    // A trial's call sets its minutes aside, and the calls of one account take turns to
    // (calls/allotments.ts): calls spread over the 19 trial accounts, as real ones are.
    {
      name: 'POST /api/twilio/voice (signed, 19 trial accounts)',
      path: '/api/twilio/voice',
      requests: Array.from({ length: OTHER_USERS - 1 }, (_, i) => voice(trialNumber(i + 1))),
      ...guard(10),
    },
    // Every connection ringing one trial account at once: each waits for the others' turns. No target.
    { name: 'POST /api/twilio/voice (signed, one trial account)', ...voice(BENCH_NUMBER) },
  ];
  const only = process.env.BENCH_ONLY && new RegExp(process.env.BENCH_ONLY);
  const targets = only ? all.filter((t, i) => i < 2 || only.test(t.name)) : all;

  try {
    await checkAnswers(origin, targets);
    // Rounds interleave the routes, so a busy moment on the shared machine hits them all alike.
    for (const target of targets) await warmUp(origin, target);
    const cpu = { postgres: postgresOnThisMachine() };
    const rounds: Measured[][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const results: Measured[] = [];
      for (const target of targets) results.push(await measure(origin, target, cpu));
      rounds.push(results);
    }
    const downloads = only ? [] : await timeDownloads(origin, auth);
    const met = report(database.kind, targets, rounds);
    if (downloads.length)
      console.log(
        `\nCSV download of all ${CALLS_PER_USER.toLocaleString('en-US')} calls (3 in a row, ms, no target):`,
      );
    for (const [zone, runs] of downloads) console.log(`  ${zone}: ${runs.join(', ')}`);
    if (!met) {
      console.log('\n[bench:api] some targets are missed (MISSED above)');
      process.exitCode = 1;
    }
  } finally {
    await app.close();
    callEvents.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// The whole history as a file, on UTC's clock and on Chicago's (what a browser there asks): each
// row's time is written with its zone's offset. Three in a row: the first finds the zone's
// offsets, the next two reuse them.
async function timeDownloads(origin: string, headers: Record<string, string>) {
  const timings: [string, number[]][] = [];
  for (const zone of ['UTC', 'America/Chicago']) {
    const runs: number[] = [];
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      const res = await fetch(`${origin}/api/dashboard/calls.csv?time_zone=${encodeURIComponent(zone)}`, {
        headers,
      });
      const lines = (await res.text()).split('\n').filter(Boolean).length;
      if (res.status !== 200 || lines !== CALLS_PER_USER + 1)
        throw new Error(`CSV answered ${res.status}, ${lines} lines`);
      runs.push(performance.now() - started);
    }
    timings.push([zone, runs.map(Math.round)]);
  }
  return timings;
}

// Postgres's CPU time is read from this machine's processes: only a server here is the bench's.
function postgresOnThisMachine() {
  const url = process.env.DATABASE_URL;
  return !!url && ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
}

// Every target must answer correctly before it is timed: a fast error is not a figure.
async function checkAnswers(origin: string, targets: Target[]) {
  for (const t of targets.flatMap((target) => target.requests?.map((r) => ({ ...target, ...r })) ?? target)) {
    const res = await fetch(origin + t.path, { method: t.method ?? 'GET', headers: t.headers, body: t.body });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${t.name} answered ${res.status}: ${text}`);
    if (t.path.startsWith('/api/dashboard/calls')) {
      const { calls, metadata } = JSON.parse(text) as { calls: unknown[]; metadata: unknown };
      console.log(`calls page: ${calls.length} calls, metadata ${JSON.stringify(metadata)}`);
    }
    if (t.path === '/api/twilio/voice' && !text.includes('<Dial')) throw new Error(`voice answered ${text}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
