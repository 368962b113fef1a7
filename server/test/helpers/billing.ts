import type { FastifyInstance } from 'fastify';
import type { TestUser } from './auth';

// Takes the user through the sandbox checkout as a browser would: create the session, submit
// the card form, land on the return page. The account then has a 14-day trial.
export async function startTrial(app: FastifyInstance, user: TestUser) {
  const session = await app.inject({
    method: 'POST',
    url: '/api/billing/create-checkout-session',
    headers: { ...user.headers, 'content-type': 'application/json' },
  });
  if (session.statusCode !== 200) throw new Error(`checkout failed: ${session.body}`);
  const submitted = await app.inject({
    method: 'POST',
    url: new URL(session.json().url).pathname,
    payload: new URLSearchParams({
      card_number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (submitted.statusCode !== 303) throw new Error(`sandbox checkout failed: ${submitted.body}`);
  return submitted.headers.location as string;
}
