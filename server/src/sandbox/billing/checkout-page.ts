import type { CardForm } from './stripe/cards';
import type { SbCheckoutSession } from './stripe/objects';
import { PLAN_PRICE } from '../../billing/plan';
import { escapeHtml, page } from './layout';
import {
  CENTS_PER_EXTRA_MINUTE,
  dollars,
  INCLUDED_MINUTES,
  PLAN_NAME,
  YEARLY_PRICE_CENTS,
} from '../../../../rules/plan';

export const TEST_CARDS_NOTE = `Sandbox: no real card is charged. Stripe's test cards work as at Stripe:
<code>4242 4242 4242 4242</code> succeeds, <code>4000 0000 0000 0002</code> is declined,
<code>4000 0000 0000 0341</code> is accepted but later charges fail; any other valid number behaves like 4242.
A card that already had a free trial gets no second one.`;

export function cardFields(card: CardForm, error?: string) {
  const field = (name: keyof CardForm, label: string, extra: string) =>
    `<label for="${name}">${label}</label>
<input id="${name}" name="${name}" value="${escapeHtml(card[name])}" required ${extra}${
      error ? ' aria-describedby="card-error"' : ''
    }>`;
  return `${error ? `<p class="error" role="alert" id="card-error">${escapeHtml(error)}</p>` : ''}
${field('card_number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" maxlength="23"')}
<div class="row">
<div>${field('expiry', 'Expiry (MM/YY)', 'autocomplete="cc-exp" placeholder="MM/YY" maxlength="7"')}</div>
<div>${field('cvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"')}</div>
</div>`;
}

/** The hosted checkout: a trial, or (no trial left for this customer) the year paid today. */
export function checkoutPage(options: {
  session: SbCheckoutSession;
  card: CardForm;
  error?: string;
}): string {
  const { session } = options;
  const trial = session.trial_period_days;
  const intro = trial
    ? `<h1>Start your ${trial}-day free trial</h1>
<p class="price">${PLAN_NAME}: ${PLAN_PRICE} after the trial</p>
<p>${INCLUDED_MINUTES} minutes a month included, extra minutes ${dollars(CENTS_PER_EXTRA_MINUTE)}. Cancel any time before the trial ends and pay nothing.</p>`
    : `<h1>Subscribe to ${PLAN_NAME}</h1>
<p class="price">${dollars(YEARLY_PRICE_CENTS)} due today</p>
<p>No free trial this time: this account has had a subscription before. Your year starts today, ${PLAN_PRICE}, with ${INCLUDED_MINUTES} minutes a month included and extra minutes at ${dollars(CENTS_PER_EXTRA_MINUTE)}.</p>`;
  return page(
    trial ? 'Start your free trial' : 'Subscribe',
    `${intro}
<p class="note">${TEST_CARDS_NOTE}</p>
<form method="post" action="/api/sandbox/checkout/${escapeHtml(session.id)}">
${cardFields(options.card, options.error)}
<button type="submit">${trial ? 'Start trial' : 'Subscribe'}</button>
</form>
<p class="links"><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>`,
  );
}

export function expiredPage(appUrl: string): string {
  return page(
    'Link expired',
    `<h1>This link has expired</h1>
<p>Sandbox checkout and billing links expire, as Stripe's do. Go back to Forwardly and try again.</p>
<p class="links"><a href="${escapeHtml(appUrl)}/">Back to Forwardly</a></p>`,
  );
}
