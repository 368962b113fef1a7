// The traffic of scripts/check-rolling-upgrade.sh: users and the carrier doing what they do (sign up, sign
// in, start a trial, buy and forward a number, receive calls, read the dashboard, history and usage) against
// every node a load balancer would send to, counting each answer by node and status.
//
//   tsx scripts/rolling-upgrade-traffic.ts old=http://127.0.0.1:3101 new=http://127.0.0.1:3102
//
// Like a load balancer it checks each node every 200 ms (`/api/health/ready`, or `/api/health` on a version
// without it) and sends only to those that pass. Commands on stdin: `retire <node>` takes a node out (for a
// version that cannot turn itself unready) and answers `retired <node>` once its requests under way are
// answered; `stop` (or the end of stdin) prints the counts and exits 1 if any answer was a 5xx or any
// request failed on its connection (reset, refused), else 0.
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { freshTestCard } from '../server/src/sandbox/billing/stripe/cards';

interface Node {
  name: string;
  origin: string;
  inRotation: boolean;
  retired: boolean;
  inFlight: number;
}

interface User {
  email: string;
  accessToken: string;
  refreshToken: string;
  // One worker at a time acts as a user (a refresh token used twice would end the session, as it should).
  busy: boolean;
  number?: string;
  callIds: string[];
}

const PASSWORD = 'rolling upgrade traffic 2026';
const WORKERS = 4;

const nodes: Node[] = process.argv.slice(2).map((arg) => {
  const [name, origin] = arg.split('=');
  return { name, origin, inRotation: false, retired: false, inFlight: 0 };
});
const counts = new Map<string, number>();
const failures: string[] = [];
// 4xx answers by route, to tell expected refusals from a version's changed API.
const refusals = new Map<string, number>();
const users: User[] = [];
let numbersBought = 0;
let stopping = false;
let next = 0;

/** One request to a node in rotation (round robin), counted; undefined when it failed on its connection. */
async function send(
  method: string,
  url: string,
  options: { token?: string; json?: object; form?: object } = {},
) {
  const candidates = nodes.filter((n) => n.inRotation && !n.retired);
  if (!candidates.length) return undefined;
  const node = candidates[next++ % candidates.length];
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form as Record<string, string>).toString();
  }
  const route = `${method} ${url.replace(/[0-9a-f-]{36}/g, ':id').split('?')[0]}`;
  node.inFlight++;
  try {
    const response = await fetch(node.origin + url, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    count(node, String(response.status));
    if (response.status >= 400 && response.status < 500) {
      const key = `${node.name} ${route} → ${response.status}`;
      refusals.set(key, (refusals.get(key) ?? 0) + 1);
    }
    if (response.status >= 500)
      failures.push(`${node.name} ${route} → ${response.status} ${text.slice(0, 300)}`);
    return { status: response.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const code = cause?.code ?? cause?.message ?? String(error);
    count(node, code);
    failures.push(`${node.name} ${route} → ${code}`);
    return undefined;
  } finally {
    node.inFlight--;
  }
}

function count(node: Node, outcome: string) {
  const key = `${node.name} ${outcome}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];

/** A new account, signed in, in a trial through the sandbox's checkout, with a forwarded number. */
async function newUser() {
  const email = `rolling-${randomBytes(5).toString('hex')}@example.com`;
  const registered = await send('POST', '/api/auth/register', {
    json: { name: 'Rolling Upgrade', email, password: PASSWORD, acceptTerms: true },
  });
  if (registered?.status !== 201) return;
  const login = await send('POST', '/api/auth/login', { json: { email, password: PASSWORD } });
  if (login?.status !== 200) return;
  const tokens = login.json() as { access_token: string; refresh_token: string };
  const user: User = {
    email,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    callIds: [],
    busy: true,
  };
  users.push(user);
  const checkout = await send('POST', '/api/billing/create-checkout-session', { token: user.accessToken });
  if (checkout?.status !== 200) return;
  // A card of its own: the sandbox, like Stripe here, gives one trial per card.
  const card = { card_number: freshTestCard(), expiry: '12/34', cvc: '123' };
  const paid = await send('POST', new URL(checkout.json().url as string).pathname, { form: card });
  if (paid?.status !== 303) return;
  // Numbers 555-01xx of area codes 201 on: each bought once.
  const n = numbersBought++;
  const number = `+1${201 + Math.floor(n / 100)}55501${String(n % 100).padStart(2, '0')}`;
  const bought = await send('POST', '/api/twilio/purchase-number', {
    token: user.accessToken,
    json: { twilio_number: number },
  });
  if (bought?.status !== 200) return;
  const forwarded = await send('POST', '/api/twilio/number-configuration', {
    token: user.accessToken,
    json: { twilio_number: number, forwarding_number: '+13105559999' },
  });
  if (forwarded?.status === 200) user.number = number;
  user.busy = false;
}

/** What a signed-in user, or the carrier for their number, does next. */
async function act(user: User) {
  const token = user.accessToken;
  switch (pick(['read', 'read', 'read', 'history', 'call', 'usage', 'login', 'refresh'])) {
    case 'read': {
      // Routes the previous version serves too (GET /api/account came later).
      const reads = [
        '/api/billing/subscription-status',
        '/api/dashboard/phone-number',
        '/api/billing/usage-emails',
      ];
      await send('GET', pick(reads), { token });
      return;
    }
    case 'history': {
      await send('GET', '/api/dashboard/calls', { token });
      if (user.callIds.length) await send('GET', `/api/dashboard/calls/${pick(user.callIds)}`, { token });
      return;
    }
    case 'call': {
      if (!user.number) return;
      const from = `+1212555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
      const call = await send('POST', '/api/sandbox/inbound-call', {
        token,
        json: { to: user.number, from, duration: 30 + Math.floor(Math.random() * 120) },
      });
      const id = call?.status === 201 ? (call.json().call as { id?: string } | null)?.id : undefined;
      if (id) user.callIds.push(id);
      return;
    }
    case 'usage':
      await send('GET', '/api/dashboard/usage', { token });
      return;
    case 'login': {
      const login = await send('POST', '/api/auth/login', {
        json: { email: user.email, password: PASSWORD },
      });
      if (login?.status === 200) user.accessToken = login.json().access_token as string;
      return;
    }
    case 'refresh': {
      // The refresh token as the bearer, an empty body: a new access token.
      const refreshed = await send('POST', '/api/auth/refresh', { token: user.refreshToken });
      if (refreshed?.status === 200) {
        const tokens = refreshed.json() as { access_token: string; refresh_token: string };
        user.accessToken = tokens.access_token;
        user.refreshToken = tokens.refresh_token;
      }
    }
  }
}

async function worker() {
  while (!stopping) {
    if (!nodes.some((n) => n.inRotation && !n.retired)) await sleep(50);
    else {
      const idle = users.filter((u) => !u.busy);
      if (idle.length < 3 || Math.random() < 0.08) await newUser();
      else {
        const user = pick(idle);
        user.busy = true;
        await act(user);
        user.busy = false;
      }
    }
  }
}

/** The load balancer's health check: a node gets traffic while it passes. */
async function checkHealth(node: Node) {
  while (!stopping && !node.retired) {
    const status = (url: string) =>
      fetch(node.origin + url).then(
        (r) => r.status,
        () => 0,
      );
    let answer = await status('/api/health/ready');
    if (answer === 404) answer = await status('/api/health');
    const passes = answer === 200;
    if (passes !== node.inRotation) console.log(`${node.name} ${passes ? 'in rotation' : 'out of rotation'}`);
    node.inRotation = passes;
    await sleep(200);
  }
}

async function retire(name: string) {
  const node = nodes.find((n) => n.name === name);
  if (!node) return console.log(`no node ${name}`);
  node.retired = true;
  while (node.inFlight) await sleep(20);
  console.log(`retired ${name}`);
}

function report() {
  console.log('answers by node and status:');
  for (const [key, n] of [...counts].sort()) console.log(`  ${key}: ${n}`);
  console.log(
    `accounts signed up: ${users.length}, with a forwarded number: ${users.filter((u) => u.number).length}`,
  );
  if (refusals.size) console.log('of which 4xx, by route:');
  for (const [key, n] of [...refusals].sort()) console.log(`  ${key}: ${n}`);
  if (!failures.length) return 0;
  console.log(`${failures.length} failed (5xx or connection error):`);
  for (const failure of failures.slice(0, 20)) console.log(`  ${failure}`);
  return 1;
}

async function main() {
  const checks = nodes.map(checkHealth);
  const workers = Array.from({ length: WORKERS }, worker);
  for await (const line of createInterface({ input: process.stdin })) {
    const [command, name] = line.trim().split(/\s+/);
    if (command === 'retire') await retire(name);
    if (command === 'stop') break;
  }
  stopping = true;
  await Promise.all([...workers, ...checks]);
  process.exit(report());
}

void main();
