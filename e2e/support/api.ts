import { expect, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AnswerOf, BodyOf } from '../../contract/endpoint';
import { sandboxEndpoints } from '../../contract/endpoints/sandbox';
import { e2eServer } from './server';

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
  const response = await fetch(`${e2eServer().baseUrl}/api${route}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: method === 'GET' ? undefined : JSON.stringify(options.body ?? {}),
  });
  const text = await response.text();
  const expected = options.expect ?? (response.ok ? response.status : 200);
  expect(response.status, `${method} /api${route} answered ${response.status}: ${text}`).toBe(expected);
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

const { inboundCall: inboundCallRoute, inboundText: inboundTextRoute, clock } = sandboxEndpoints;

/** Simulates somebody ringing a virtual number (sandbox telephony only); `outcome` defaults to answered. */
export async function inboundCall(
  to: string,
  from: string,
  duration: number,
  outcome?: BodyOf<typeof inboundCallRoute>['outcome'],
) {
  return api<AnswerOf<typeof inboundCallRoute>>('POST', inboundCallRoute.path, {
    body: { to, from, duration, ...(outcome ? { outcome } : {}) },
  });
}

/** Simulates somebody texting a virtual number (sandbox telephony only). */
export async function inboundText(to: string, from: string, body: string) {
  return api<AnswerOf<typeof inboundTextRoute>>('POST', inboundTextRoute.path, {
    body: { to, from, body } satisfies BodyOf<typeof inboundTextRoute>,
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

interface Mail {
  to: string;
  subject: string;
  text: string;
  links?: string[];
}

/** The newest mail to an address in DATA_DIR/outbox (of a subject, if given), if one has been written. */
function newestMailTo(email: string, subject?: string | RegExp): Mail | undefined {
  const dir = path.join(e2eServer().dataDir, 'outbox');
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
    const mail = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Mail;
    const about =
      subject === undefined ||
      (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject));
    if (mail.to === email && about) return mail;
  }
  return undefined;
}

/** The newest mail to an address in DATA_DIR/outbox (waits for it to be written). */
export async function latestMailTo(email: string): Promise<Mail> {
  await expect.poll(() => newestMailTo(email), { message: `a mail to ${email} in the outbox` }).toBeDefined();
  return newestMailTo(email)!;
}

/** The newest mail to an address with a subject (waits for it to be written). */
export async function mailTo(email: string, subject: string | RegExp): Promise<Mail> {
  await expect
    .poll(() => newestMailTo(email, subject), { message: `a mail to ${email} about ${String(subject)}` })
    .toBeDefined();
  return newestMailTo(email, subject)!;
}

/** Moves the account's sandbox billing clock forward, running what falls due; answers its new time. */
export async function advanceBillingClock(tokens: Tokens, days: number) {
  return api<AnswerOf<typeof clock>>('POST', clock.path, {
    token: tokens.access_token,
    body: { advance_days: days } satisfies BodyOf<typeof clock>,
  });
}
