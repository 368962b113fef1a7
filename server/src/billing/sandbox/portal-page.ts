import type { subscriptions } from '../../db/schema';
import { PLAN_NAME, PLAN_PRICE } from '../plan';
import { escapeHtml, page } from './layout';

type Subscription = typeof subscriptions.$inferSelect;

const longDate = (d: Date) => d.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

const statusNames: Record<string, string> = {
  trialing: 'Free trial',
  active: 'Active',
  canceled: 'Cancelled',
};

export function portalPage(options: { id: string; appUrl: string; subscription?: Subscription }): string {
  const sub = options.subscription;
  const action = (path: string, label: string, style = '') =>
    `<form method="post" action="/api/sandbox/portal/${escapeHtml(options.id)}/${path}">
<button type="submit"${style}>${label}</button>
</form>`;
  let details = '<p>You have no subscription yet.</p>';
  if (sub && sub.status !== 'incomplete') {
    const end = sub.currentPeriodEnd ? longDate(sub.currentPeriodEnd) : 'not set';
    const endLabel = sub.cancelAtPeriodEnd
      ? 'Ends on'
      : sub.status === 'trialing'
        ? 'Trial ends'
        : 'Renews on';
    details = `<dl>
<dt>Plan</dt><dd>${PLAN_NAME}, ${PLAN_PRICE}</dd>
<dt>Status</dt><dd>${escapeHtml(statusNames[sub.status] ?? sub.status)}</dd>
<dt>${endLabel}</dt><dd>${end}</dd>
</dl>
${
  sub.cancelAtPeriodEnd
    ? `<p>Your subscription is cancelled. Your number stays active until ${end}.</p>
${action('resume', 'Resume subscription')}`
    : sub.status === 'canceled'
      ? ''
      : `<p>If you cancel, your number stays active until ${end}.</p>
${action('cancel', 'Cancel subscription', ' class="secondary"')}`
}`;
  }
  return page(
    'Billing',
    `<h1>Billing</h1>
<p class="note">Sandbox billing portal: nothing is charged.</p>
${details}
<p class="links"><a href="${escapeHtml(options.appUrl)}/settings">Back to settings</a></p>`,
  );
}
