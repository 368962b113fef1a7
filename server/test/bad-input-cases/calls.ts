import { sandboxWebhookSecret } from '../../src/providers/from-config';
import { type BadRequest, jsonBodyCases, queryCases, twilioWebhookCases } from '../helpers/bad-input';
import { type CorpusKit, OWN, FORWARDING, OTHERS, UNKNOWN_CALL } from './kit';

/** Calls: placing them, Twilio's callbacks about them, the history and usage. */
export async function callCorpus(kit: CorpusKit): Promise<Record<string, BadRequest[]>> {
  const { appUrl, jwtSecret, twilioSecret, auth, signedIn, post, get, named, numbers } = kit;
  return {
    'POST /api/twilio/voice': twilioWebhookCases(
      appUrl,
      '/api/twilio/voice',
      { CallSid: 'CAcorpus', To: OWN, From: '+12125550111' },
      sandboxWebhookSecret(jwtSecret),
    ),
    'POST /api/twilio/status': [
      ...twilioWebhookCases(
        appUrl,
        `/api/twilio/status?leg=user&call=${UNKNOWN_CALL}`,
        { CallSid: 'CAcorpus', CallStatus: 'completed' },
        twilioSecret,
      ),
      ...twilioWebhookCases(
        appUrl,
        '/api/twilio/status?leg=sideways',
        { CallSid: 'CAcorpus', CallStatus: 'completed' },
        twilioSecret,
      ).slice(5, 6),
      ...twilioWebhookCases(
        appUrl,
        '/api/twilio/status?leg=user&call=not-a-uuid',
        { CallSid: 'CAcorpus', CallStatus: 'completed' },
        twilioSecret,
      ).slice(5, 6),
      ...twilioWebhookCases(
        appUrl,
        `/api/twilio/status?leg=user&call=${UNKNOWN_CALL}`,
        { CallSid: 'CAcorpus', CallStatus: 'completed', CallDuration: 'ten' },
        twilioSecret,
      ).slice(5, 6),
    ],
    'POST /api/twilio/dial-ended': twilioWebhookCases(
      appUrl,
      `/api/twilio/dial-ended?leg=forward&caller=${encodeURIComponent('+12125550111')}&number=${encodeURIComponent(OWN)}`,
      { CallSid: 'CAcorpus', DialCallStatus: 'completed' },
      twilioSecret,
    ),
    'POST /api/twilio/key-pressed': twilioWebhookCases(
      appUrl,
      `/api/twilio/key-pressed?call=${UNKNOWN_CALL}`,
      { CallSid: 'CAcorpus' },
      twilioSecret,
    ),
    // No input: only its signature can be wrong.
    'POST /api/twilio/whisper': twilioWebhookCases(
      appUrl,
      '/api/twilio/whisper',
      { CallSid: 'CAcorpus' },
      twilioSecret,
    ).slice(0, 5),
    'GET /api/dashboard/calls.csv': await signedIn(get('/api/dashboard/calls.csv'), [
      ...queryCases(
        '/api/dashboard/calls.csv',
        { start_date: '2026-01-01', end_date: '2026-01-31', direction: 'inbound' },
        auth,
      ),
      named('the year 9999', get('/api/dashboard/calls.csv', { end_date: '9999-12-31' })),
      named(
        'a start after the end',
        get('/api/dashboard/calls.csv', { start_date: '2026-02-01', end_date: '2026-01-01' }),
      ),
      named('page 0', get('/api/dashboard/calls.csv', { page: '0' })),
    ]),
    'GET /api/dashboard/calls/:id': await signedIn(get(`/api/dashboard/calls/${UNKNOWN_CALL}`), [
      ...['not-a-uuid', 'abc%00def', 'x'.repeat(200), encodeURIComponent("' OR 1=1 --"), UNKNOWN_CALL].map(
        (id) => named(`call id ${id.slice(0, 20)}`, get(`/api/dashboard/calls/${id}`)),
      ),
    ]),
    'POST /api/twilio/create-call': await signedIn(
      post('/api/twilio/create-call', {
        from_number: OWN,
        forwarding_number: FORWARDING,
        recipient: '+12025550143',
      }),
      [
        ...jsonBodyCases(
          'POST',
          '/api/twilio/create-call',
          { from_number: OWN, forwarding_number: FORWARDING, recipient: '+12025550143' },
          { headers: auth, required: ['from_number', 'forwarding_number', 'recipient'] },
        ),
        ...Object.entries({
          ...numbers,
          'a Dominican number': '+18095550100',
          'a BVI number': '+12845550100',
          'a premium 900 number': '+19005550100',
          'a 976 exchange': '+12129765555',
          '411': '+14115550100',
          "another account's virtual number": OTHERS,
          'the business number itself': OWN,
        }).map(([name, n]) =>
          named(
            `calling ${name}`,
            post('/api/twilio/create-call', {
              from_number: OWN,
              forwarding_number: FORWARDING,
              recipient: n,
            }),
          ),
        ),
        named(
          'a forwarding number not on the account',
          post('/api/twilio/create-call', {
            from_number: OWN,
            forwarding_number: '+13125550100',
            recipient: '+12025550143',
          }),
        ),
        named(
          "another account's business number",
          post('/api/twilio/create-call', {
            from_number: OTHERS,
            forwarding_number: '+16505550133',
            recipient: '+12025550143',
          }),
        ),
      ],
    ),
    'GET /api/dashboard/calls': await signedIn(get('/api/dashboard/calls'), [
      ...queryCases(
        '/api/dashboard/calls',
        { page: '1', per_page: '10', start_date: '2026-01-01', end_date: '2026-01-31', direction: 'inbound' },
        auth,
      ),
      ...[
        ['page 0', { page: '0' }],
        ['a negative page', { page: '-1' }],
        ['page 99999999999999999999', { page: '99999999999999999999' }],
        ['page 1.5', { page: '1.5' }],
        ['page abc', { page: 'abc' }],
        ['per_page 0', { per_page: '0' }],
        ['per_page 1000', { per_page: '1000' }],
        ['February 30', { start_date: '2026-02-30' }],
        ['the year 9999', { end_date: '9999-12-31' }],
        ['the year 0000', { start_date: '0000-01-01' }],
        ['a date with a time', { start_date: '2026-01-01T00:00:00Z' }],
        ['a start after the end', { start_date: '2026-02-01', end_date: '2026-01-01' }],
        ['direction sideways', { direction: 'sideways' }],
      ].map(([name, query]) =>
        named(name as string, get('/api/dashboard/calls', query as Record<string, string>)),
      ),
    ]),
    'GET /api/dashboard/call-events': await signedIn(get('/api/dashboard/call-events'), [
      named('an unknown parameter', get('/api/dashboard/call-events', { since: '2020-01-01' })),
    ]),
    'GET /api/dashboard/usage': await signedIn(get('/api/dashboard/usage'), [
      named('an unknown parameter', get('/api/dashboard/usage', { month: '2020-01' })),
    ]),
  };
}
