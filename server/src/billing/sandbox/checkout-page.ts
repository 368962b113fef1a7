import { PLAN_NAME, PLAN_PRICE, TRIAL_DAYS } from '../plan';
import type { CardForm } from './card';
import { escapeHtml, page } from './layout';

export const TEST_CARD: CardForm = { card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

export function checkoutPage(options: {
  id: string;
  appUrl: string;
  card: CardForm;
  error?: string;
}): string {
  const { card, error } = options;
  const field = (name: keyof CardForm, label: string, extra: string) =>
    `<label for="${name}">${label}</label>
<input id="${name}" name="${name}" value="${escapeHtml(card[name])}" required ${extra}${
      error ? ' aria-describedby="card-error"' : ''
    }>`;
  return page(
    'Start your free trial',
    `<h1>Start your ${TRIAL_DAYS}-day free trial</h1>
<p class="price">${PLAN_NAME}: ${PLAN_PRICE} after the trial</p>
<p>100 minutes a month included, extra minutes $0.02. Cancel any time before the trial ends and pay nothing.</p>
<p class="note">Sandbox checkout: no card is charged. The test card is filled in; any valid card number works.</p>
${error ? `<p class="error" role="alert" id="card-error">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/api/sandbox/checkout/${escapeHtml(options.id)}">
${field('card_number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" maxlength="23"')}
<div class="row">
<div>${field('expiry', 'Expiry (MM/YY)', 'autocomplete="cc-exp" placeholder="MM/YY" maxlength="7"')}</div>
<div>${field('cvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"')}</div>
</div>
<button type="submit">Start trial</button>
</form>
<p class="links"><a href="${escapeHtml(options.appUrl)}/checkout/cancel">Cancel</a></p>`,
  );
}

export function expiredPage(appUrl: string): string {
  return page(
    'Link expired',
    `<h1>This link has expired</h1>
<p>Sandbox checkout and billing links work for an hour. Go back to Forwardly and try again.</p>
<p class="links"><a href="${escapeHtml(appUrl)}/">Back to Forwardly</a></p>`,
  );
}
