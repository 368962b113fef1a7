import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { baseUrl, dataDir } from './browser';

let counter = 0;
/** A unique person for one journey, so journeys never share data. */
export function newPerson(label: string) {
  counter += 1;
  const id = `${label}-${process.pid}-${Date.now().toString(36)}-${counter}`;
  return { name: `E2E ${label}`, email: `${id}@example.com`, password: 'correct horse battery 1' };
}
export type Person = ReturnType<typeof newPerson>;

export async function api<T = unknown>(
  method: string,
  route: string,
  options: { token?: string; body?: unknown; expect?: number } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}/api${route}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: method === 'GET' ? undefined : JSON.stringify(options.body ?? {}),
  });
  const text = await response.text();
  const expected = options.expect ?? (response.ok ? response.status : 200);
  assert.equal(response.status, expected, `${method} /api${route} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

export async function registerAndLogin(person: Person): Promise<Tokens> {
  await api('POST', '/auth/register', { body: { ...person, acceptTerms: true } });
  return api<Tokens>('POST', '/auth/login', { body: { email: person.email, password: person.password } });
}

/** Starts the 14-day trial the way a person does: the sandbox checkout page's "Start trial" button. */
export async function startTrial(page: Page, tokens: Tokens) {
  const { url } = await api<{ url: string }>('POST', '/billing/create-checkout-session', {
    token: tokens.access_token,
  });
  await page.goto(url);
  await page.getByRole('button', { name: 'Start trial' }).click();
  await page.waitForURL(/\/checkout\/redirect/);
}

/** Buys a sandbox number of an area code and forwards it; answers the E.164 business number. */
export async function setUpNumber(tokens: Tokens, areaCode: string, forwarding: string): Promise<string> {
  const search = await api<{ available_numbers: { phone_number: string }[] }>(
    'GET',
    `/twilio/search-numbers?area_code=${areaCode}`,
  );
  const number = search.available_numbers[0].phone_number;
  await api('POST', '/twilio/purchase-number', {
    token: tokens.access_token,
    body: { twilio_number: number },
  });
  await api('POST', '/twilio/number-configuration', {
    token: tokens.access_token,
    body: { twilio_number: number, forwarding_number: forwarding },
  });
  return number;
}

/** Simulates somebody ringing a virtual number (sandbox telephony only); `outcome` defaults to answered. */
export async function inboundCall(to: string, from: string, duration: number, outcome?: string) {
  return api('POST', '/sandbox/inbound-call', {
    body: { to, from, duration, ...(outcome ? { outcome } : {}) },
  });
}

/** Puts a session into a context's localStorage before any page script runs. */
export async function signInContext(page: Page, tokens: Tokens) {
  await page.context().addInitScript(
    ({ access, refresh }) => {
      if (!sessionStorage.getItem('e2e-seeded')) {
        localStorage.setItem('access_token', access);
        localStorage.setItem('refresh_token', refresh);
        sessionStorage.setItem('e2e-seeded', '1');
      }
    },
    { access: tokens.access_token, refresh: tokens.refresh_token },
  );
}

/** The newest mail to an address in DATA_DIR/outbox (waits for it to be written). */
export async function latestMailTo(email: string, timeoutMs = 15_000) {
  const dir = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .reverse();
    } catch {
      /* no mail yet */
    }
    for (const file of files) {
      const mail = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
        to: string;
        subject: string;
        text: string;
        links?: string[];
      };
      if (mail.to === email) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${email} in ${dir}`);
}
