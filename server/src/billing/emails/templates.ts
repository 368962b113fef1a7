import type { MailMessage } from '../../providers/mail/mailer';

import { CENTS_PER_EXTRA_MINUTE, dollars, USAGE_THRESHOLD_CENTS, wholeDollars } from '../../../../rules/plan';
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function mail(to: string, subject: string, paragraphs: string[], settingsUrl: string): MailMessage {
  const footer = `You get these emails about your usage and charges. Turn them off in your settings: ${settingsUrl}`;
  return {
    to,
    subject,
    text: [...paragraphs, '', footer].join('\n\n'),
    html: [...paragraphs, footer].map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
  };
}

export function usageNoticeMail(
  to: string,
  name: string,
  notice: { percent: number; used: number; included: number; month: string },
  appUrl: string,
): MailMessage {
  const subject =
    notice.percent >= 100
      ? `You have used your ${notice.included} included minutes for ${notice.month}`
      : `You have used ${notice.percent}% of your included minutes for ${notice.month}`;
  const next =
    notice.percent >= 100
      ? `Each extra minute costs ${dollars(CENTS_PER_EXTRA_MINUTE)}, charged to your card once ${wholeDollars(USAGE_THRESHOLD_CENTS)} is due or at the end of the month.`
      : `After ${notice.included} minutes, each extra minute costs ${dollars(CENTS_PER_EXTRA_MINUTE)}.`;
  return mail(
    to,
    subject,
    [
      `Hi ${name},`,
      `You have used ${notice.used} of the ${notice.included} minutes included this month (${notice.month}).`,
      next,
      `See your usage on your dashboard: ${appUrl}/dashboard`,
    ],
    `${appUrl}/settings`,
  );
}

export function receiptMail(
  to: string,
  name: string,
  receipt: { cents: number; description: string; reference: string },
  appUrl: string,
): MailMessage {
  return mail(
    to,
    `Receipt: ${dollars(receipt.cents)} for extra minutes`,
    [
      `Hi ${name},`,
      `We charged ${dollars(receipt.cents)} to your card on file for extra minutes beyond your plan.`,
      `${receipt.description} at ${dollars(CENTS_PER_EXTRA_MINUTE)} a minute. Reference: ${receipt.reference}.`,
      `Your invoices are in the billing portal: ${appUrl}/settings`,
    ],
    `${appUrl}/settings`,
  );
}
