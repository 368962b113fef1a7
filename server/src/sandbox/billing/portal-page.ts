import { invoiceDescription, type PortalView } from './stripe/hosted';
import type { SbInvoice } from './stripe/objects';
import { freshTestCard } from './stripe/cards';
import { PLAN_PRICE } from '../../billing/plan';
import { cardFields, TEST_CARDS_NOTE } from './checkout-page';
import { escapeHtml, page } from './layout';
import { dollars, PLAN_NAME } from '../../../../rules/plan';

const longDate = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

const statusNames: Record<string, string> = {
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment failed: please update your card',
  canceled: 'Cancelled',
  unpaid: 'Unpaid',
};
const invoiceStatus: Record<string, string> = {
  open: 'Due',
  paid: 'Paid',
  void: 'Void',
  uncollectible: 'Unpaid',
};

function invoices(list: SbInvoice[]) {
  if (!list.length) return '<p>No invoices yet.</p>';
  const rows = list
    .map(
      (i) =>
        `<tr><td>${longDate(i.created)}</td><td>${escapeHtml(invoiceDescription(i))}</td><td>${dollars(i.total)}</td><td>${invoiceStatus[i.status ?? 'open']}</td></tr>`,
    )
    .join('\n');
  return `<table aria-labelledby="invoices-heading">
<thead><tr><th scope="col">Date</th><th scope="col">Description</th><th scope="col">Amount</th><th scope="col">Status</th></tr></thead>
<tbody>${rows}</tbody></table>`;
}

/** The hosted portal: plan and status, card on file (replace it, paying what is open), invoices, cancel or resume. */
export function portalPage(options: {
  id: string;
  returnUrl: string;
  view: PortalView;
  error?: string;
}): string {
  const { view, id } = options;
  const sub = view.subscription;
  const action = (path: string, label: string, style = '') =>
    `<form method="post" action="/api/sandbox/portal/${escapeHtml(id)}/${path}"><button type="submit"${style}>${label}</button></form>`;
  let details = '<p>You have no subscription yet.</p>';
  if (sub) {
    const end = longDate(sub.items.data[0].current_period_end);
    const endLabel = sub.cancel_at_period_end
      ? 'Ends on'
      : sub.status === 'trialing'
        ? 'Trial ends'
        : 'Renews on';
    const live = sub.status !== 'canceled' && sub.status !== 'incomplete_expired';
    details = `<dl>
<dt>Plan</dt><dd>${PLAN_NAME}, ${PLAN_PRICE}</dd>
<dt>Status</dt><dd>${escapeHtml(statusNames[sub.status] ?? sub.status)}</dd>
${live ? `<dt>${endLabel}</dt><dd>${end}</dd>` : ''}
<dt>Card</dt><dd>${view.card?.card ? `${escapeHtml(view.card.card.brand.replace(/^./, (c) => c.toUpperCase()))} ending in ${escapeHtml(view.card.card.last4)}` : 'none'}</dd>
</dl>
${
  !live
    ? ''
    : sub.cancel_at_period_end
      ? `<p>Your subscription is cancelled. Your number stays active until ${end}.</p>${action('resume', 'Resume subscription')}`
      : `<p>If you cancel, your number stays active until ${end}.</p>${action('cancel', 'Cancel subscription', ' class="secondary"')}`
}`;
  }
  return page(
    'Billing',
    `<h1>Billing</h1>
<p class="note">Sandbox billing portal. Its clock reads ${longDate(view.now)}.</p>
${details}
<h2>Update card</h2>
<p>The new card pays anything that is due.</p>
<p class="note">${TEST_CARDS_NOTE}</p>
<form method="post" action="/api/sandbox/portal/${escapeHtml(id)}/card">
${cardFields({ card_number: freshTestCard(), expiry: '12/34', cvc: '123' }, options.error)}
<button type="submit">Update card</button>
</form>
<h2 id="invoices-heading">Invoices</h2>
${invoices(view.invoices)}
<p class="links"><a href="${escapeHtml(options.returnUrl)}">Back to settings</a></p>`,
  );
}
