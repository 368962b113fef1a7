import autocannon, { type Request } from 'autocannon';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import twilio from 'twilio';
import { buildServer, serveCommand } from '../../scripts/build-server';
import { processCpuMs } from './cpu';
import { PASSWORD, PUBLIC_URL } from './load-shared';

// `npm run bench:load`: 50 connections on 127.0.0.1 for a bounded time, a mix a busy day brings
// (history reads, dashboards, inbound calls and their status callbacks, click-to-calls,
// sign-ins), against a server in its own process. Prints req/s, p50/p99 and errors per kind and
// overall, the server's peak RSS (exit code 1 above the target) and the machine's load average. Set
// DATABASE_URL for Postgres.
const WARM_UP_SECONDS = 3;
const SECONDS = 20;
const TARGETS = { p99Ms: 50, rssMb: 200 };

interface Account {
  id: string;
  email: string;
  number: string;
  forwarding: string;
  token: string;
}
interface Fixture {
  origin: string;
  kind: string;
  webhookSecret: string;
  accounts: Account[];
}

const json = (token?: string) => ({
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

function mix(f: Fixture): { name: string; connections: number; requests: Request[] }[] {
  const signed = (path: string, params: Record<string, string>): Request => ({
    method: 'POST',
    path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(f.webhookSecret, PUBLIC_URL + path, params),
    },
    body: new URLSearchParams(params).toString(),
  });
  const each = <T>(make: (a: Account, i: number) => T) => f.accounts.map(make);
  return [
    {
      name: 'GET /api/dashboard/calls (pages, filters)',
      connections: 20,
      requests: each((a, i) => ({
        path: [
          '/api/dashboard/calls',
          '/api/dashboard/calls?page=2&direction=inbound',
          `/api/dashboard/calls?start_date=2000-01-01&end_date=2099-12-31&page=${(i % 5) + 1}`,
        ][i % 3],
        headers: json(a.token),
      })),
    },
    {
      name: 'GET dashboard (number, usage, subscription)',
      connections: 6,
      requests: each((a, i) => ({
        path: ['/api/dashboard/phone-number', '/api/dashboard/usage', '/api/billing/subscription-status'][
          i % 3
        ],
        headers: json(a.token),
      })),
    },
    {
      name: 'POST /api/twilio/voice (inbound call)',
      connections: 10,
      requests: each((a) =>
        signed('/api/twilio/voice', { To: a.number, From: '+12125550111', CallSid: `CAin${a.id}` }),
      ),
    },
    {
      // The report of the leg that rang the owner (the voice webhook's <Number statusCallback>).
      name: 'POST /api/twilio/status (inbound ended)',
      connections: 6,
      requests: each((a, i) =>
        signed(
          `/api/twilio/status?${new URLSearchParams({ leg: 'forward', caller: '+12125550111', number: a.number })}`,
          {
            CallSid: `CAload-leg-${i}`,
            ParentCallSid: `CAload-${i}`,
            CallStatus: 'completed',
            CallDuration: '75',
          },
        ),
      ),
    },
    {
      name: 'POST /api/twilio/create-call',
      connections: 6,
      requests: each((a) => ({
        method: 'POST',
        path: '/api/twilio/create-call',
        headers: json(a.token),
        body: JSON.stringify({
          from_number: a.number,
          forwarding_number: a.forwarding,
          recipient: '+12025550143',
        }),
      })),
    },
    {
      name: 'POST /api/auth/login (Argon2id)',
      connections: 2,
      requests: each((a) => ({
        method: 'POST',
        path: '/api/auth/login',
        headers: json(),
        body: JSON.stringify({ email: a.email, password: PASSWORD }),
      })),
    },
  ];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

async function run(f: Fixture, seconds: number, pid: number) {
  let peakRss = 0;
  const cpuBefore = processCpuMs(pid);
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 200);
  const groups = mix(f);
  const times = groups.map(() => [] as number[]);
  // One autocannon per connection, each starting at another place in its kind's list: clients
  // spread over the accounts rather than all asking for the same one at the same moment.
  const perConnection = await Promise.all(
    groups.flatMap((g, i) =>
      Array.from({ length: g.connections }, (_, c) => {
        const start = Math.floor((c * g.requests.length) / g.connections);
        const instance = autocannon({
          url: f.origin,
          connections: 1,
          duration: seconds,
          requests: [...g.requests.slice(start), ...g.requests.slice(0, start)],
          timeout: 10,
        });
        instance.on('response', (_client, _status, _bytes, ms) => times[i].push(ms));
        return instance.then((result) => ({ group: i, result }));
      }),
    ),
  );
  const results = groups.map((_, i) => {
    const mine = perConnection.filter((r) => r.group === i).map((r) => r.result);
    const codes: Record<string, { count: number }> = {};
    for (const r of mine) {
      for (const [code, s] of Object.entries(r.statusCodeStats)) {
        codes[code] = { count: (codes[code]?.count ?? 0) + s.count };
      }
    }
    const sum = (pick: (r: (typeof mine)[number]) => number) => mine.reduce((n, r) => n + pick(r), 0);
    return {
      non2xx: sum((r) => r.non2xx),
      errors: sum((r) => r.errors),
      timeouts: sum((r) => r.timeouts),
      statusCodeStats: codes,
    };
  });
  clearInterval(sampler);
  peakRss = Math.max(peakRss, rssMb(pid));
  // CPU per request: what heap limits cost (more collections) shows here even when the machine's
  // other work moves req/s.
  const cpuMsPerRequest = (processCpuMs(pid) - cpuBefore) / Math.max(1, times.flat().length);
  return { groups, times, results, peakRss, cpuMsPerRequest };
}

function report(kind: string, r: Awaited<ReturnType<typeof run>>, loadBefore: number[]) {
  const row = (name: string, conns: number, ms: number[], errors: number) => {
    const sorted = [...ms].sort((a, b) => a - b);
    console.log(
      name.padEnd(46) +
        String(conns).padStart(6) +
        (ms.length / SECONDS).toFixed(0).padStart(8) +
        percentile(sorted, 0.5).toFixed(1).padStart(8) +
        percentile(sorted, 0.99).toFixed(1).padStart(8) +
        String(errors).padStart(8),
    );
    return sorted;
  };
  console.log(
    `\n${kind}: 50 connections for ${SECONDS} s on 127.0.0.1 (after ${WARM_UP_SECONDS} s of warm-up)\n`,
  );
  console.log(
    'kind'.padEnd(46) +
      'conns'.padStart(6) +
      'req/s'.padStart(8) +
      'p50 ms'.padStart(8) +
      'p99 ms'.padStart(8) +
      'errors'.padStart(8),
  );
  let errors = 0;
  const failures: string[] = [];
  r.groups.forEach((g, i) => {
    const e = r.results[i].non2xx + r.results[i].errors + r.results[i].timeouts;
    errors += e;
    row(g.name, g.connections, r.times[i], e);
    const codes = Object.entries(r.results[i].statusCodeStats).filter(([code]) => !code.startsWith('2'));
    if (codes.length)
      failures.push(`${g.name}: ${codes.map(([code, s]) => `${s.count}× ${code}`).join(', ')}`);
  });
  const all = row('all', 50, r.times.flat(), errors);
  for (const failure of failures) console.log(`  answers other than 2xx: ${failure}`);
  const p99 = percentile(all, 0.99);
  const loadAfter = os.loadavg();
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(`\nserver CPU ${r.cpuMsPerRequest.toFixed(2)} ms per request (all its threads)`);
  console.log(
    `server peak RSS ${r.peakRss.toFixed(0)} MB (target ≤ ${TARGETS.rssMb}: ${verdict(r.peakRss <= TARGETS.rssMb)})`,
  );
  console.log(
    `p99 ${p99.toFixed(1)} ms (target ≤ ${TARGETS.p99Ms}: ${verdict(p99 <= TARGETS.p99Ms)}); errors ${errors} (target 0: ${verdict(errors === 0)})`,
  );
  console.log(
    `load average (1/5/15 min) before ${loadBefore.map((l) => l.toFixed(2)).join('/')}, after ${loadAfter.map((l) => l.toFixed(2)).join('/')} on ${os.cpus().length} cores`,
  );
  return r.peakRss <= TARGETS.rssMb;
}

async function main() {
  const loadBefore = os.loadavg();
  // Compiled and started as `npm run serve` starts the server (serve.sh), so its RSS is the production one.
  const outdir = fileURLToPath(new URL('../../build/bench', import.meta.url));
  // LOAD_SERVER_FLAGS: node flags to try on the server after serve.sh's (heap sizes, say; the last one wins).
  const extraFlags = (process.env.LOAD_SERVER_FLAGS ?? '').split(/\s+/).filter(Boolean);
  await buildServer(outdir, { 'load-server': 'server/bench/load-server.ts' });
  const [command, args] = serveCommand(outdir, 'load-server.js', [...extraFlags, '--expose-gc']);
  const server = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  try {
    console.log('Seeding 200 accounts with 500 calls each…');
    const [line] = await Promise.race([
      (async () => {
        for await (const l of createInterface({ input: server.stdout })) return [l];
        throw new Error('the bench server exited before it was ready');
      })(),
      // Unref'd: once the server is up, this timer must not hold the bench open for the rest of the 5 minutes.
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the bench server took over 5 minutes to start')), 300_000).unref(),
      ),
    ]);
    const fixture = JSON.parse(line) as Fixture;
    await run(fixture, WARM_UP_SECONDS, server.pid!);
    // The RSS target fails the run (a load this machine's other work slows shows in p99, not in memory).
    if (!report(fixture.kind, await run(fixture, SECONDS, server.pid!), loadBefore)) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
