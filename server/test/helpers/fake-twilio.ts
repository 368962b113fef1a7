import { createHash, randomBytes } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { validateTwilioAnswer, validateTwilioRequest } from './twilio-openapi';

// The Twilio REST API at its HTTP edge: the SDK's real requests, answered as Twilio answers them,
// with the account's state Twilio keeps (its numbers, its calls) and the rules of docs/telephony.md
// ("Twilio's rules"). Every request and every answer is checked against Twilio's OpenAPI
// description (twilio-openapi.ts); one that is not Twilio's API is a violation, and the app's
// close() fails the test with it.
// - a number is sold once: buying one the account (or anyone) holds is error 21422;
// - an available-numbers search never offers a number the account holds;
// - a call's From must be one of the account's numbers (21210), its To a phone number (21211),
//   its inline TwiML at most 4,000 characters (21211 too); it starts 'queued' (Twilio queues calls
//   past the account's calls per second);
// - updating or releasing a number the account does not hold is a 404 (20404).
// Fixed answers some tests rely on: area code 205 has no numbers (Alabama's search answers 256),
// +14155550199 is not for sale, +14155550177 is sold but the answer comes after the SDK gave up,
// +14155550178 is sold but answered 500, calls ringing +14155559000 fail with a 503, releasing
// PN_DOWN fails with a 500.
export const ACCOUNT = `AC${'0'.repeat(31)}1`;
export const TOKEN = 'twilio-auth-token';
export const PN_DOWN = `PN${'d'.repeat(32)}`;
export const SLOW_SALE = '+14155550177';
export const FAILED_SALE = '+14155550178';
const NOT_FOR_SALE = '+14155550199';
const ACCOUNT_PATH = `/2010-04-01/Accounts/${ACCOUNT}`;

interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  // Every value of a repeated parameter (e.g. StatusCallbackEvent).
  all: Record<string, string[]>;
}
const seen: Seen[] = [];
export const requestsTo = (suffix: string) => seen.filter((r) => r.path.endsWith(suffix));
/** Requests or answers that are not Twilio's API (twilio-app.ts fails the test on any). */
export const violations: string[] = [];

interface HeldNumber {
  sid: string;
  phoneNumber: string;
  voiceUrl: string;
  voiceFallbackUrl: string;
  smsUrl: string;
  createdAt: Date;
}
/** The numbers the fake account holds, by sid. */
export const held = new Map<string, HeldNumber>();
export const fakeAccount = { type: 'Full' as 'Full' | 'Trial' };
/** How long the slow sale's answer takes: far past the timeout its tests give the SDK (3 s). */
export const SLOW_SALE_MS = 12_000;

export const newSid = (prefix: 'PN' | 'CA') => prefix + randomBytes(16).toString('hex');
/** A number's sid named for a test (Twilio's form: PN and 32 hex digits). */
export const pnSid = (label: string) => `PN${createHash('md5').update(label).digest('hex')}`;

/** A number the account holds without our app having bought it (a leak to reconcile). */
export function holdNumber(phoneNumber: string, createdAt = new Date(), sid = newSid('PN'), voiceUrl = '') {
  held.set(sid, { sid, phoneNumber, voiceUrl, voiceFallbackUrl: '', smsUrl: '', createdAt });
  return sid;
}
const holds = (phoneNumber: string) => [...held.values()].some((n) => n.phoneNumber === phoneNumber);

/** A call as Twilio's Calls resource keeps it. */
export interface FakeCall {
  sid: string;
  parentCallSid: string | null;
  from: string;
  to: string;
  direction: 'inbound' | 'outbound-api' | 'outbound-dial';
  status: string;
  startTime: Date | null;
  endTime: Date | null;
  // Seconds, once ended.
  duration: number | null;
}
export const calls = new Map<string, FakeCall>();

/** A call Twilio carried out and ended (the reports of which our app may have missed). */
export function endedCall(call: Omit<FakeCall, 'sid' | 'endTime'> & { sid?: string }): FakeCall {
  const sid = call.sid ?? newSid('CA');
  const start = call.startTime ?? new Date();
  const ended = { ...call, sid, endTime: new Date(start.getTime() + (call.duration ?? 0) * 1000) };
  calls.set(sid, ended);
  return ended;
}

const rfc2822 = (date: Date) => date.toUTCString().replace('GMT', '+0000');

const twilioError = (status: number, code: number, message: string) => ({
  status,
  body: { code, message, status, more_info: `https://www.twilio.com/docs/errors/${code}` },
});
const notFound = () => twilioError(404, 20404, 'The requested resource was not found');

const numberJson = (n: HeldNumber) => ({
  sid: n.sid,
  account_sid: ACCOUNT,
  phone_number: n.phoneNumber,
  friendly_name: n.phoneNumber,
  voice_url: n.voiceUrl || null,
  voice_method: 'POST',
  voice_fallback_url: n.voiceFallbackUrl || null,
  sms_url: n.smsUrl || null,
  date_created: rfc2822(n.createdAt),
  date_updated: rfc2822(n.createdAt),
  uri: `${ACCOUNT_PATH}/IncomingPhoneNumbers/${n.sid}.json`,
});

const callJson = (c: FakeCall) => ({
  sid: c.sid,
  account_sid: ACCOUNT,
  parent_call_sid: c.parentCallSid,
  from: c.from,
  to: c.to,
  direction: c.direction,
  status: c.status,
  start_time: c.startTime && rfc2822(c.startTime),
  end_time: c.endTime && rfc2822(c.endTime),
  duration: c.duration === null ? null : String(c.duration),
  date_created: rfc2822(c.startTime ?? new Date()),
  api_version: '2010-04-01',
  uri: `${ACCOUNT_PATH}/Calls/${c.sid}.json`,
});

/** A page of a list as Twilio pages it (PageSize, Page; next_page_uri while more remain). */
function page<T>(key: string, path: string, items: T[], query: Record<string, string>) {
  const size = Number(query.PageSize ?? 50);
  const at = Number(query.Page ?? 0);
  const more = (at + 1) * size < items.length;
  const params = (p: number) => new URLSearchParams({ ...query, PageSize: String(size), Page: String(p) });
  return {
    status: 200,
    body: {
      [key]: items.slice(at * size, (at + 1) * size),
      uri: `${path}?${params(at)}`,
      first_page_uri: `${path}?${params(0)}`,
      next_page_uri: more ? `${path}?${params(at + 1)}` : null,
      previous_page_uri: at > 0 ? `${path}?${params(at - 1)}` : null,
      page: at,
      page_size: size,
      start: at * size,
      end: Math.min((at + 1) * size, items.length) - 1,
    },
  };
}

const available = (numbers: string[], query: Record<string, string>) =>
  page(
    'available_phone_numbers',
    `${ACCOUNT_PATH}/AvailablePhoneNumbers/US/Local.json`,
    numbers
      .filter((n) => !holds(n))
      .map((n) => ({ phone_number: n, friendly_name: n, iso_country: 'US', region: 'CA' })),
    query,
  );

type Answer = { status: number; body?: unknown; afterMs?: number };
type Handler = (request: Seen, sid: string) => Answer | Promise<Answer>;

const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Calls time stamps within a second, as Twilio's filters compare them (StartTime>, EndTime>).
const onOrAfter = (date: Date | null, bound?: string) => !bound || (date !== null && date >= new Date(bound));

const operations: Record<string, Handler> = {
  FetchAccount: () => ({
    status: 200,
    body: { sid: ACCOUNT, type: fakeAccount.type, status: 'active', friendly_name: 'Forwardly' },
  }),
  ListAvailablePhoneNumberLocal: ({ query }) => {
    if (query.InRegion === 'AL') return available(['+12565550150', '+12565550151'], query);
    if (query.AreaCode === '205' || !query.AreaCode) return available([], query);
    return available([`+1${query.AreaCode}5550100`, `+1${query.AreaCode}5550101`], query);
  },
  CreateIncomingPhoneNumber: async ({ form }) => {
    // Slow enough that concurrent purchases overlap.
    await after(50);
    if (form.PhoneNumber === NOT_FOR_SALE || holds(form.PhoneNumber)) {
      return twilioError(400, 21422, 'PhoneNumber is not available');
    }
    const sid = holdNumber(form.PhoneNumber);
    Object.assign(held.get(sid)!, {
      voiceUrl: form.VoiceUrl ?? '',
      voiceFallbackUrl: form.VoiceFallbackUrl ?? '',
      smsUrl: form.SmsUrl ?? '',
    });
    if (form.PhoneNumber === FAILED_SALE) return { status: 500, body: { message: 'internal error' } };
    const answer = { status: 201, body: numberJson(held.get(sid)!) };
    return form.PhoneNumber === SLOW_SALE ? { ...answer, afterMs: SLOW_SALE_MS } : answer;
  },
  ListIncomingPhoneNumber: ({ query, path }) =>
    page(
      'incoming_phone_numbers',
      path,
      [...held.values()]
        .filter((n) => !query.PhoneNumber || n.phoneNumber === query.PhoneNumber)
        .map(numberJson),
      query,
    ),
  UpdateIncomingPhoneNumber: ({ form }, sid) => {
    const number = held.get(sid);
    if (!number) return notFound();
    if (form.VoiceUrl !== undefined) number.voiceUrl = form.VoiceUrl;
    if (form.VoiceFallbackUrl !== undefined) number.voiceFallbackUrl = form.VoiceFallbackUrl;
    if (form.SmsUrl !== undefined) number.smsUrl = form.SmsUrl;
    return { status: 200, body: numberJson(number) };
  },
  DeleteIncomingPhoneNumber: (_request, sid) => {
    if (sid === PN_DOWN) return { status: 500, body: { message: 'down' } };
    if (!held.delete(sid)) return notFound();
    return { status: 204 };
  },
  CreateCall: ({ form }) => {
    if (form.To === '+14155559000') return { status: 503, body: { message: 'down' } };
    if (!holds(form.From)) {
      return twilioError(
        400,
        21210,
        `The source phone number provided, ${form.From}, is not yet verified for your account.`,
      );
    }
    if (!/^\+[1-9]\d{7,14}$/.test(form.To))
      return twilioError(400, 21211, `Invalid 'To' Phone Number: ${form.To}`);
    if ((form.Twiml ?? '').length > 4000)
      return twilioError(400, 21211, 'Twiml is longer than 4000 characters');
    const call: FakeCall = {
      sid: newSid('CA'),
      parentCallSid: null,
      from: form.From,
      to: form.To,
      direction: 'outbound-api',
      status: 'queued',
      startTime: null,
      endTime: null,
      duration: null,
    };
    calls.set(call.sid, call);
    return { status: 201, body: callJson(call) };
  },
  FetchCall: (_request, sid) => {
    const call = calls.get(sid);
    return call ? { status: 200, body: callJson(call) } : notFound();
  },
  ListCall: ({ query, path }) =>
    page(
      'calls',
      path,
      [...calls.values()]
        .filter(
          (c) =>
            (!query.Status || c.status === query.Status) &&
            (!query.ParentCallSid || c.parentCallSid === query.ParentCallSid) &&
            onOrAfter(c.endTime, query['EndTime>']) &&
            onOrAfter(c.startTime, query['StartTime>']),
        )
        .sort((a, b) => (b.startTime?.getTime() ?? 0) - (a.startTime?.getTime() ?? 0))
        .map(callJson),
      query,
    ),
};

async function record(request: Request): Promise<Seen> {
  const url = new URL(request.url);
  const body = new URLSearchParams(request.method === 'POST' ? await request.text() : '');
  const all: Record<string, string[]> = {};
  for (const key of new Set(body.keys())) all[key] = body.getAll(key);
  const entry = {
    method: request.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    form: Object.fromEntries(body),
    all,
  };
  seen.push(entry);
  return entry;
}

const sidIn = (path: string) => /\/(PN|CA)[0-9a-f]{32}\.json$/.exec(path)?.[0].slice(1, -5) ?? '';

export const twilioApi = setupServer(
  http.all('https://api.twilio.com/*', async ({ request }) => {
    const entry = await record(request);
    try {
      const operation = await validateTwilioRequest({
        method: entry.method,
        path: entry.path,
        query: entry.query,
        form: Object.fromEntries(Object.entries(entry.all).map(([k, v]) => [k, v.length > 1 ? v : v[0]])),
      });
      if (!entry.path.startsWith(ACCOUNT_PATH)) return HttpResponse.json(notFound().body, { status: 404 });
      const handler = operations[operation.operationId!];
      if (!handler) throw new Error(`the fake Twilio does not implement ${operation.operationId}`);
      const answer = await handler(entry, sidIn(entry.path));
      if (answer.status < 300) validateTwilioAnswer(operation, answer.status, answer.body ?? null);
      if (answer.afterMs) await after(answer.afterMs);
      return answer.body === undefined
        ? new HttpResponse(null, { status: answer.status })
        : HttpResponse.json(answer.body, { status: answer.status });
    } catch (error) {
      violations.push(`${entry.method} ${entry.path}: ${(error as Error).message}`);
      return HttpResponse.json({ message: (error as Error).message }, { status: 400 });
    }
  }),
);
