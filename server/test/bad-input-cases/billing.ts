import { type BadRequest, jsonBodyCases } from '../helpers/bad-input';
import type { CorpusKit } from './kit';

/** Billing, and Stripe's webhook (on the Stripe app). */
export async function billingCorpus(kit: CorpusKit): Promise<Record<string, BadRequest[]>> {
  const { other, auth, signedIn, post, get, named } = kit;
  const webhook = { method: 'POST' as const, url: '/api/billing/webhook' };
  const webhookCases = [
    named('no signature', {
      ...webhook,
      headers: { 'content-type': 'application/json' },
      payload: '{"id":"evt_1"}',
    }),
    named('a forged signature', {
      ...webhook,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: '{"id":"evt_1"}',
    }),
    named('malformed JSON with a signature', {
      ...webhook,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: '{"id": ',
    }),
    named('a body over 1 MB', {
      ...webhook,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: JSON.stringify({ pad: 'x'.repeat(1_100_000) }),
    }),
  ];
  return {
    'POST /api/billing/create-checkout-session': await signedIn(
      post('/api/billing/create-checkout-session', {}),
      [
        named('a body', post('/api/billing/create-checkout-session', { price: 0 })),
        named('an array body', post('/api/billing/create-checkout-session', [])),
      ],
    ),
    'POST /api/billing/create-portal-session': await signedIn(
      post('/api/billing/create-portal-session', {}),
      [named('a body', post('/api/billing/create-portal-session', { customer: 'cus_other' }))],
    ),
    'POST /api/billing/end-trial': await signedIn(post('/api/billing/end-trial', {}), [
      named('a body', post('/api/billing/end-trial', { trial_end: 'now' })),
    ]),
    'GET /api/billing/subscription-status': await signedIn(get('/api/billing/subscription-status'), [
      named('an unknown parameter', get('/api/billing/subscription-status', { user_id: other.id })),
    ]),
    'GET /api/billing/usage-emails': await signedIn(get('/api/billing/usage-emails'), [
      named('an unknown parameter', get('/api/billing/usage-emails', { user_id: other.id })),
    ]),
    'PUT /api/billing/usage-emails': await signedIn(
      { method: 'PUT', url: '/api/billing/usage-emails', headers: auth, payload: { enabled: false } },
      jsonBodyCases(
        'PUT',
        '/api/billing/usage-emails',
        { enabled: false },
        { headers: auth, required: ['enabled'] },
      ),
    ),
    'POST /api/billing/webhook': webhookCases,
  };
}
