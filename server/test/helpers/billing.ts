import { isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client';
import { billingTasks } from '../../src/db/schema';
import { freshTestCard } from '../../src/sandbox/billing/stripe/cards';
import type { TestUser } from './auth';
import type { AnswerOf, BodyOf } from '../../../contract/endpoint';
import { billingEndpoints } from '../../../contract/endpoints/billing';
import { sandboxEndpoints } from '../../../contract/endpoints/sandbox';

const { clock, invoices } = sandboxEndpoints;
const { endTrial } = billingEndpoints;

export const card = (number = freshTestCard()) => ({ card_number: number, expiry: '12/34', cvc: '123' });
export const DECLINED_CARD = '4000 0000 0000 0002';
export const CHARGES_FAIL_CARD = '4000 0000 0000 0341';

const json = { 'content-type': 'application/json' };

export function postForm(app: FastifyInstance, url: string, fields: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

// Takes the user through the sandbox checkout as a browser would: create the session, submit the
// card form (a fresh test card unless given), land on the return page. A first checkout gives a
// 14-day trial.
export async function startTrial(app: FastifyInstance, user: TestUser, cardNumber?: string) {
  const session = await app.inject({
    method: 'POST',
    url: '/api/billing/create-checkout-session',
    headers: { ...user.headers, ...json },
  });
  if (session.statusCode !== 200) throw new Error(`checkout failed: ${session.body}`);
  const submitted = await postForm(app, new URL(session.json().url).pathname, card(cardNumber));
  if (submitted.statusCode !== 303) throw new Error(`sandbox checkout failed: ${submitted.body}`);
  return submitted.headers.location as string;
}

/** The sandbox portal's page path for the user. */
export async function portalPath(app: FastifyInstance, user: TestUser) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/billing/create-portal-session',
    headers: { ...user.headers, ...json },
  });
  if (res.statusCode !== 200) throw new Error(`portal failed: ${res.body}`);
  return new URL(res.json().url).pathname;
}

export async function advanceClock(app: FastifyInstance, user: TestUser, days: number) {
  const res = await app.inject({
    method: 'POST',
    url: `/api${clock.path}`,
    headers: user.headers,
    payload: { advance_days: days } satisfies BodyOf<typeof clock>,
  });
  if (res.statusCode !== 200) throw new Error(`clock failed: ${res.body}`);
  return res.json<AnswerOf<typeof clock>>();
}

/** Cancels in the sandbox portal, at the period's end (the trial's end, for a trial). */
export async function cancelAtPeriodEnd(app: FastifyInstance, user: TestUser) {
  const res = await postForm(app, `${await portalPath(app, user)}/cancel`);
  if (res.statusCode !== 303) throw new Error(`cancel failed: ${res.body}`);
}

/** Enters another card in the sandbox portal; answers the page's error, if any. */
export async function replaceCard(app: FastifyInstance, user: TestUser, cardNumber: string) {
  const res = await postForm(app, `${await portalPath(app, user)}/card`, card(cardNumber));
  return res.statusCode === 303 ? {} : { error: /role="alert" id="card-error">([^<]*)</.exec(res.body)?.[1] };
}

async function endTrialNow(app: FastifyInstance, user: TestUser) {
  const res = await app.inject({ method: 'POST', url: `/api${endTrial.path}`, headers: user.headers });
  if (res.statusCode !== 200) throw new Error(`end-trial failed: ${res.body}`);
  return res.json<AnswerOf<typeof endTrial>>().subscription?.status;
}

/** "Start paid plan now": the trial ends and its card pays the year (active, paid). */
export async function payNow(app: FastifyInstance, user: TestUser) {
  const status = await endTrialNow(app, user);
  if (status !== 'active') throw new Error(`the year was not paid: ${status}`);
}

/** The trial ends and its first payment fails, on a card that declines charges: past_due, retried. */
export async function failPayment(app: FastifyInstance, user: TestUser) {
  const { error } = await replaceCard(app, user, CHARGES_FAIL_CARD);
  if (error) throw new Error(`card refused: ${error}`);
  const status = await endTrialNow(app, user);
  if (status !== 'past_due') throw new Error(`the payment did not fail: ${status}`);
}

/** Cancelled in the portal, and its period (the trial, or else the paid year) runs out: canceled. */
export async function lapse(app: FastifyInstance, user: TestUser) {
  await cancelAtPeriodEnd(app, user);
  for (const days of [15, 366]) {
    if ((await advanceClock(app, user, days)).subscription?.status === 'canceled') return;
  }
  throw new Error('the subscription did not end');
}

export async function sandboxInvoices(app: FastifyInstance, user: TestUser) {
  const res = await app.inject({ method: 'GET', url: `/api${invoices.path}`, headers: user.headers });
  return res.json<AnswerOf<typeof invoices>>().invoices;
}

/** Time passes for the billing work that failed: it is due again now (its back-off is over). */
export const billingRetriesDue = (db: Db) =>
  db.update(billingTasks).set({ runAfter: new Date() }).where(isNull(billingTasks.doneAt));
