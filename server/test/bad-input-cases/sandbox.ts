import { type BadRequest, jsonBodyCases } from '../helpers/bad-input';
import { type CorpusKit, OWN } from './kit';

/** The sandbox's Stripe and carrier pages and test helpers. */
export async function sandboxCorpus(kit: CorpusKit): Promise<Record<string, BadRequest[]>> {
  const { checkoutPath, newcomer, auth, signedIn, post, get, named, sessionIds } = kit;
  return {
    'POST /api/sandbox/clock': await signedIn(post('/api/sandbox/clock', { advance_days: 1 }), [
      ...jsonBodyCases(
        'POST',
        '/api/sandbox/clock',
        { advance_days: 1 },
        { headers: auth, required: ['advance_days'] },
      ),
      ...[0, 1101, 1.5, -3].map((days) =>
        named(`advance_days ${days}`, post('/api/sandbox/clock', { advance_days: days })),
      ),
      named(
        'no billing account yet',
        post('/api/sandbox/clock', { advance_days: 1 }, { authorization: `Bearer ${newcomer.access_token}` }),
      ),
    ]),
    'GET /api/sandbox/invoices': await signedIn(get('/api/sandbox/invoices'), [
      named('an unknown parameter', get('/api/sandbox/invoices', { customer: 'cus_other' })),
    ]),
    'POST /api/sandbox/portal/:id/card': sessionIds((id) => `/api/sandbox/portal/${id}/card`, 'POST'),
    'GET /api/sandbox/checkout/:id': sessionIds((id) => `/api/sandbox/checkout/${id}`, 'GET'),
    'POST /api/sandbox/checkout/:id': [
      ...sessionIds((id) => `/api/sandbox/checkout/${id}`, 'POST'),
      ...[
        ['an invalid card number', { card_number: '1234', expiry: '12/34', cvc: '123' }],
        ['an expired card', { card_number: '4242 4242 4242 4242', expiry: '01/20', cvc: '123' }],
        ['no cvc', { card_number: '4242 4242 4242 4242', expiry: '12/34' }],
        [
          'an unknown field',
          { card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', amount: '0' },
        ],
        ['a NUL byte', { card_number: '4242 4242 4242 4242\u0000', expiry: '12/34', cvc: '123' }],
        ['a card number of 41 characters', { card_number: '4'.repeat(41), expiry: '12/34', cvc: '123' }],
      ].map(([name, form]) =>
        named(name as string, {
          method: 'POST',
          url: checkoutPath,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(form as Record<string, string>).toString(),
        }),
      ),
      named('a JSON array body', { method: 'POST', url: checkoutPath, payload: [] }),
    ],
    'GET /api/sandbox/portal/:id': sessionIds((id) => `/api/sandbox/portal/${id}`, 'GET'),
    'POST /api/sandbox/portal/:id/cancel': sessionIds((id) => `/api/sandbox/portal/${id}/cancel`, 'POST'),
    'POST /api/sandbox/portal/:id/resume': sessionIds((id) => `/api/sandbox/portal/${id}/resume`, 'POST'),
    'POST /api/sandbox/inbound-call': [
      ...jsonBodyCases(
        'POST',
        '/api/sandbox/inbound-call',
        { to: OWN, from: '+12125550111', duration: 30 },
        { required: ['to', 'from', 'duration'] },
      ),
      ...[-1, 86_401, 1.5, '30'].map((duration) =>
        named(
          `duration ${JSON.stringify(duration)}`,
          post('/api/sandbox/inbound-call', { to: OWN, from: '+12125550111', duration }, {}),
        ),
      ),
      named(
        'a number nobody owns',
        post('/api/sandbox/inbound-call', { to: '+12125550199', from: '+12125550111', duration: 30 }, {}),
      ),
      named('from outside, signed out', {
        ...post('/api/sandbox/inbound-call', { to: OWN, from: '+12125550111', duration: 30 }, {}),
        remoteAddress: '203.0.113.1',
      }),
    ],
    'POST /api/sandbox/inbound-text': [
      ...jsonBodyCases(
        'POST',
        '/api/sandbox/inbound-text',
        { to: OWN, from: '+12125550111', body: 'Hello' },
        { required: ['to', 'from', 'body'], freeText: ['body'] },
      ),
      ...['', 'x'.repeat(1601), 7].map((body) =>
        named(
          `body ${JSON.stringify(body).slice(0, 12)}`,
          post('/api/sandbox/inbound-text', { to: OWN, from: '+12125550111', body }, {}),
        ),
      ),
      named(
        'a number nobody owns',
        post('/api/sandbox/inbound-text', { to: '+12125550199', from: '+12125550111', body: 'Hi' }, {}),
      ),
      named('from outside, signed out', {
        ...post('/api/sandbox/inbound-text', { to: OWN, from: '+12125550111', body: 'Hi' }, {}),
        remoteAddress: '203.0.113.1',
      }),
    ],
  };
}
