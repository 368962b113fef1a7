import type { InjectOptions } from 'fastify';
import { sandboxWebhookSecret } from '../../src/providers/from-config';
import type { TestContext } from '../helpers/app';
import { signUpAndLogin } from '../helpers/auth';
import { authCases, type BadRequest, badTokens } from '../helpers/bad-input';
import type { Subscriber } from '../helpers/telephony';

// What the bad-input corpus's cases share: the accounts they act as, their numbers and requests.

export const OWN = '+12125550130';
export const FORWARDING = '+13125550131';
export const OTHERS = '+14155550132';
export const UNKNOWN_CALL = '00000000-0000-4000-8000-000000000000';

/** The owner (a subscriber whose number is OWN) and another subscriber (OTHERS), as the cases see them. */
export async function corpusKit(ctx: TestContext, owner: Subscriber, other: Subscriber) {
  const unsubscribed = await signUpAndLogin(ctx.app);
  const checkout = await ctx.app.inject({
    method: 'POST',
    url: '/api/billing/create-checkout-session',
    headers: unsubscribed.headers,
  });
  const checkoutPath = new URL(checkout.json().url).pathname;
  // Signed up, never at the checkout: no billing account at all.
  const newcomer = await signUpAndLogin(ctx.app);

  const { jwtSecret, appUrl } = ctx.deps.config;
  const twilioSecret = sandboxWebhookSecret(jwtSecret);
  const tokens = await badTokens(jwtSecret, owner.id, owner.refresh_token);
  const auth = { authorization: `Bearer ${owner.access_token}` };
  const signedIn = async (request: InjectOptions, more: BadRequest[]) => [
    ...(await authCases(request, tokens)),
    ...more,
  ];
  const post = (url: string, payload: unknown, headers: Record<string, string> = auth): InjectOptions => ({
    method: 'POST',
    url,
    headers,
    payload: payload as object,
  });
  const get = (url: string, query: Record<string, string> = {}): InjectOptions => ({
    method: 'GET',
    url,
    headers: auth,
    query,
  });
  const named = (name: string, request: InjectOptions): BadRequest => ({ name, request });
  const email = () => `corpus-${Math.random().toString(36).slice(2)}@example.com`;
  const forgedSession = `${owner.id}.${Math.floor(Date.now() / 1000) + 3600}.AAAAAAAAAAAAAAAAAAAAAA`;
  const expiredSession = `${owner.id}.1000000000.AAAAAAAAAAAAAAAAAAAAAA`;
  const sessionIds = (path: (id: string) => string, method: 'GET' | 'POST') => [
    named('a forged session id', { method, url: path(forgedSession) }),
    named('an expired session id', { method, url: path(expiredSession) }),
    named('a session id with a NUL byte', { method, url: path('abc%00def') }),
    named('a session id of 101 characters', { method, url: path('x'.repeat(101)) }),
    named('a session id made of an injection', { method, url: path(encodeURIComponent("' OR 1=1 --")) }),
  ];
  const numbers = {
    'a number without +': '12125550100',
    'a number too short': '+1212555010',
    'a number too long': '+1212555010000000',
    'a number with letters': '+1212555CALL',
  };
  return {
    ctx,
    owner,
    other,
    checkoutPath,
    newcomer,
    appUrl,
    jwtSecret,
    twilioSecret,
    tokens,
    auth,
    signedIn,
    post,
    get,
    named,
    email,
    sessionIds,
    numbers,
  };
}

export type CorpusKit = Awaited<ReturnType<typeof corpusKit>>;
