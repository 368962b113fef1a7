import { randomBytes } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

// The Twilio REST API at its HTTP edge: the SDK's real requests, answered as Twilio answers them,
// with the account's state Twilio keeps (its numbers) and the rules that matter to us:
// - a number is sold once: buying one the account (or anyone) holds is error 21422;
// - an available-numbers search never offers a number the account holds;
// - a call's From must be one of the account's numbers (21210), its To a phone number (21211),
//   its inline TwiML at most 4,000 characters (21211 too); it starts 'queued';
// - updating or releasing a number the account does not hold is a 404 (20404).
// Fixed answers some tests rely on: area code 205 has no numbers (a nearby search answers 256),
// +14155550199 is not for sale, calls ringing +14155559000 fail with a 503, releasing PNdown fails
// with a 500.
export const ACCOUNT = 'ACtest0000000000000000000000000000';
export const TOKEN = 'twilio-auth-token';
const base = `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT}`;

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

interface HeldNumber {
  sid: string;
  phoneNumber: string;
  voiceUrl: string;
  createdAt: Date;
}
/** The numbers the fake account holds, by sid. */
export const held = new Map<string, HeldNumber>();

/** A number the account holds without our app having bought it (a leak to reconcile). */
export function holdNumber(
  phoneNumber: string,
  createdAt = new Date(),
  sid = `PN${randomBytes(16).toString('hex')}`,
) {
  held.set(sid, { sid, phoneNumber, voiceUrl: '', createdAt });
  return sid;
}
const holds = (phoneNumber: string) => [...held.values()].some((n) => n.phoneNumber === phoneNumber);

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

const twilioError = (status: number, code: number, message: string) =>
  HttpResponse.json(
    { code, message, status, more_info: `https://www.twilio.com/docs/errors/${code}` },
    { status },
  );

const numberJson = (n: HeldNumber) => ({
  sid: n.sid,
  phone_number: n.phoneNumber,
  voice_url: n.voiceUrl,
  date_created: n.createdAt.toUTCString(),
});

const available = (numbers: string[]) => ({
  available_phone_numbers: numbers
    .filter((n) => !holds(n))
    .map((n) => ({ phone_number: n, friendly_name: n, iso_country: 'US' })),
  uri: '/available',
  next_page_uri: null,
  page: 0,
  page_size: 20,
});

const sidOf = (param: unknown) => String(param).replace('.json', '');

export const twilioApi = setupServer(
  http.get(`${base}/AvailablePhoneNumbers/US/Local.json`, async ({ request }) => {
    const { query } = await record(request);
    if (query.AreaCode === '205') return HttpResponse.json(available([]));
    if (query.NearNumber) return HttpResponse.json(available(['+12565550150', '+12565550151']));
    return HttpResponse.json(available([`+1${query.AreaCode}5550100`, `+1${query.AreaCode}5550101`]));
  }),
  http.post(`${base}/IncomingPhoneNumbers.json`, async ({ request }) => {
    const { form } = await record(request);
    // Slow enough that concurrent purchases overlap.
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (form.PhoneNumber === '+14155550199' || holds(form.PhoneNumber)) {
      return twilioError(400, 21422, 'Phone number is not available');
    }
    const sid = holdNumber(form.PhoneNumber);
    held.get(sid)!.voiceUrl = form.VoiceUrl ?? '';
    return HttpResponse.json(numberJson(held.get(sid)!), { status: 201 });
  }),
  http.get(`${base}/IncomingPhoneNumbers.json`, async ({ request }) => {
    const { query } = await record(request);
    const pageSize = Number(query.PageSize ?? 50);
    const page = Number(query.Page ?? 0);
    const all = [...held.values()];
    const more = (page + 1) * pageSize < all.length;
    return HttpResponse.json({
      incoming_phone_numbers: all.slice(page * pageSize, (page + 1) * pageSize).map(numberJson),
      uri: `/2010-04-01/Accounts/${ACCOUNT}/IncomingPhoneNumbers.json?PageSize=${pageSize}&Page=${page}`,
      next_page_uri: more
        ? `/2010-04-01/Accounts/${ACCOUNT}/IncomingPhoneNumbers.json?PageSize=${pageSize}&Page=${page + 1}`
        : null,
      page,
      page_size: pageSize,
    });
  }),
  http.post(`${base}/IncomingPhoneNumbers/:sid`, async ({ request, params }) => {
    const { form } = await record(request);
    const number = held.get(sidOf(params.sid));
    if (!number) return twilioError(404, 20404, 'The requested resource was not found');
    if (form.VoiceUrl !== undefined) number.voiceUrl = form.VoiceUrl;
    return HttpResponse.json(numberJson(number));
  }),
  http.delete(`${base}/IncomingPhoneNumbers/:sid`, async ({ request, params }) => {
    await record(request);
    const sid = sidOf(params.sid);
    if (sid === 'PNdown') return HttpResponse.json({ message: 'down' }, { status: 500 });
    if (!held.delete(sid)) return twilioError(404, 20404, 'The requested resource was not found');
    return new HttpResponse(null, { status: 204 });
  }),
  http.post(`${base}/Calls.json`, async ({ request }) => {
    const { form } = await record(request);
    if (form.To === '+14155559000') return HttpResponse.json({ message: 'down' }, { status: 503 });
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
    const sid = `CA${randomBytes(16).toString('hex')}`;
    return HttpResponse.json({ sid, status: 'queued', to: form.To, from: form.From }, { status: 201 });
  }),
);
