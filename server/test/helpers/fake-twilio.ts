import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

// The Twilio REST API at its HTTP edge: the SDK's real requests, answered like Twilio does.
export const ACCOUNT = 'ACtest0000000000000000000000000000';
export const TOKEN = 'twilio-auth-token';
const base = `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT}`;

interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
}
const seen: Seen[] = [];
export const requestsTo = (suffix: string) => seen.filter((r) => r.path.endsWith(suffix));

// Every handler logs what the SDK sent, so tests assert the parameters we pass to Twilio.
async function record(request: Request): Promise<Seen> {
  const url = new URL(request.url);
  const body = request.method === 'POST' ? await request.text() : '';
  const entry = {
    method: request.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    form: Object.fromEntries(new URLSearchParams(body)),
  };
  seen.push(entry);
  return entry;
}

const available = (numbers: string[]) => ({
  available_phone_numbers: numbers.map((n) => ({ phone_number: n, friendly_name: n, iso_country: 'US' })),
  uri: '/available',
  next_page_uri: null,
  page: 0,
  page_size: 20,
});

// Fixed answers the tests rely on: area code 205 has no numbers (a nearby search answers 256),
// +14155550199 cannot be bought, calls ringing +14155559000 fail with a 503, and releasing
// PNgone answers 404 (released already) and PNdown a 500.
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
    if (form.PhoneNumber === '+14155550199') {
      return HttpResponse.json(
        { code: 21422, message: 'Number not available', status: 400 },
        { status: 400 },
      );
    }
    return HttpResponse.json({ sid: 'PN0001', phone_number: form.PhoneNumber }, { status: 201 });
  }),
  http.post(`${base}/IncomingPhoneNumbers/:sid`, async ({ request, params }) => {
    await record(request);
    return HttpResponse.json({ sid: String(params.sid).replace('.json', '') });
  }),
  http.delete(`${base}/IncomingPhoneNumbers/:sid`, async ({ request, params }) => {
    await record(request);
    if (params.sid === 'PNgone.json') {
      return HttpResponse.json({ code: 20404, message: 'Not found', status: 404 }, { status: 404 });
    }
    if (params.sid === 'PNdown.json') return HttpResponse.json({ message: 'down' }, { status: 500 });
    return new HttpResponse(null, { status: 204 });
  }),
  http.post(`${base}/Calls.json`, async ({ request }) => {
    const { form } = await record(request);
    if (form.To === '+14155559000') return HttpResponse.json({ message: 'down' }, { status: 503 });
    return HttpResponse.json(
      { sid: 'CA0001', status: 'queued', to: form.To, from: form.From },
      { status: 201 },
    );
  }),
);
