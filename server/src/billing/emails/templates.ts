import type { MailMessage } from '../../providers/mail/mailer';

import {
  CENTS_PER_EXTRA_MINUTE,
  dollars,
  INCLUDED_MINUTES,
  PLAN_NAME,
  TRIAL_CALL_MINUTES,
  USAGE_THRESHOLD_CENTS,
  wholeDollars,
  YEARLY_PRICE_CENTS,
} from '../../../../rules/plan';
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function mail(
  to: string,
  subject: string,
  paragraphs: string[],
  settingsUrl: string,
  // What the account always gets (its plan starting, a charge coming or failing), or what the usage
  // emails switch turns off.
  kind: 'account' | 'usage' = 'usage',
): MailMessage {
  const footer =
    kind === 'account'
      ? `You get this email because you have a ${PLAN_NAME} account. Billing and settings: ${settingsUrl}`
      : `You get these emails about your usage and charges. Turn them off in your settings: ${settingsUrl}`;
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
  notice: { percent: number; used: number; included: number; month: string; trial: boolean },
  appUrl: string,
): MailMessage {
  const subject =
    notice.percent >= 100
      ? `You have used your ${notice.included} included minutes for ${notice.month}`
      : `You have used ${notice.percent}% of your included minutes for ${notice.month}`;
  // In a trial, extra minutes are charged with the first payment (and never if the trial is cancelled).
  const when = notice.trial
    ? `charged with your first payment when your free trial ends (nothing if you cancel before then; calls stop at ${TRIAL_CALL_MINUTES} minutes in the trial)`
    : `charged to your card once ${wholeDollars(USAGE_THRESHOLD_CENTS)} is due or at the end of the month`;
  const next =
    notice.percent >= 100
      ? `Each extra minute costs ${dollars(CENTS_PER_EXTRA_MINUTE)}, ${when}.`
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

const day = (epochSeconds: number) =>
  new Date(epochSeconds * 1000).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
const cardName = (card: { brand: string; last4: string } | null) =>
  card ? `${card.brand.replace(/^./, (c) => c.toUpperCase())} ending in ${card.last4}` : 'your card on file';

type Card = { brand: string; last4: string } | null;

/** The plan started: a trial (what will be charged, when, to which card), or a year paid today. */
export function welcomeMail(
  to: string,
  name: string,
  plan: { trialEnd: number | null; periodEnd: number | null; card: Card },
  appUrl: string,
): MailMessage {
  const start = plan.trialEnd
    ? [
        `Your free trial has started. It ends on ${day(plan.trialEnd)}: then ${dollars(YEARLY_PRICE_CENTS)} for the year will be charged to ${cardName(plan.card)}, unless you cancel before, which costs nothing.`,
        `We will email you 3 days before your trial ends.`,
      ]
    : [
        `Your year is paid${plan.periodEnd ? ` until ${day(plan.periodEnd)}` : ''}, with ${cardName(plan.card)}.`,
      ];
  return mail(
    to,
    `Welcome to ${PLAN_NAME}`,
    [`Hi ${name},`, ...start, `Your dashboard: ${appUrl}/dashboard`],
    `${appUrl}/settings`,
    'account',
  );
}

/** Stripe's warning 3 days before a trial ends: what will be charged, when, to which card. */
export function trialEndingMail(
  to: string,
  name: string,
  plan: { trialEnd: number; card: Card },
  appUrl: string,
): MailMessage {
  return mail(
    to,
    `Your free trial ends on ${day(plan.trialEnd)}`,
    [
      `Hi ${name},`,
      `Your free trial ends on ${day(plan.trialEnd)}. Then ${dollars(YEARLY_PRICE_CENTS)} for the year will be charged to ${cardName(plan.card)}, with any extra minutes used in the trial.`,
      `To keep your number, do nothing. To cancel at no charge, or to change the card, open billing in your settings before then: ${appUrl}/settings`,
    ],
    `${appUrl}/settings`,
    'account',
  );
}

/** A subscription invoice was paid (the year, and any extra minutes that went with it). */
export function subscriptionReceiptMail(
  to: string,
  name: string,
  receipt: { cents: number; lines: { description: string | null; amount: number }[]; reference: string },
  appUrl: string,
): MailMessage {
  return mail(
    to,
    `Receipt: ${dollars(receipt.cents)} for ${PLAN_NAME}`,
    [
      `Hi ${name},`,
      `We charged ${dollars(receipt.cents)} to your card on file.`,
      ...receipt.lines.map((line) => `${line.description ?? PLAN_NAME}: ${dollars(line.amount)}`),
      `Reference: ${receipt.reference}. Your invoices are in the billing portal: ${appUrl}/settings`,
    ],
    `${appUrl}/settings`,
  );
}

/** A payment did not go through: how much, when it is tried again, and how to fix the card. */
export function paymentFailedMail(
  to: string,
  name: string,
  failure: { cents: number; retryAt: number | null },
  appUrl: string,
): MailMessage {
  return mail(
    to,
    `Your payment of ${dollars(failure.cents)} did not go through`,
    [
      `Hi ${name},`,
      `We could not charge ${dollars(failure.cents)} to your card.${
        failure.retryAt ? ` We will try again on ${day(failure.retryAt)}.` : ''
      }`,
      `Update your card in billing to keep your number: ${appUrl}/settings`,
    ],
    `${appUrl}/settings`,
    'account',
  );
}

/**
 * Stripe gave up on a payment and ended the subscription: the number is held, until when, and what
 * keeps it (subscribing again); the call history can still be taken along.
 */
export function endedUnpaidMail(
  to: string,
  name: string,
  held: { number: string; until: number } | null,
  appUrl: string,
): MailMessage {
  return mail(
    to,
    'Your subscription has ended: your payment did not go through',
    [
      `Hi ${name},`,
      'We tried your card several times and could not charge it, so your subscription has ended and calls to your number are no longer forwarded.',
      held
        ? `Your business number ${held.number} is held for you until ${day(held.until)}. Subscribe again before then to keep it: ${appUrl}/dashboard`
        : `Subscribe again to get a business number: ${appUrl}/dashboard`,
      `Your call history can still be downloaded there.`,
    ],
    `${appUrl}/settings`,
    'account',
  );
}

const BLOCKED_BECAUSE = {
  trial_cap: `your free trial's ${TRIAL_CALL_MINUTES} minutes of calls are used up`,
  first_payment: 'your card was declined, so your plan has not started',
  past_due_cap: `your last payment failed, so calls stop at the ${INCLUDED_MINUTES} minutes your plan includes this month`,
  inactive: 'your subscription is not active',
};

/**
 * A call to the account's number was refused because it has no service: who called, when, why, and
 * what brings calls back (the trial: starting the paid plan now; otherwise: the card, in billing).
 */
export function blockedCallMail(
  to: string,
  name: string,
  call: { caller: string; number: string; at: Date; reason: keyof typeof BLOCKED_BECAUSE },
  appUrl: string,
): MailMessage {
  const at = call.at.toLocaleString('en-US', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  const remedy = {
    trial_cap: `To take calls again now, start your paid plan (${dollars(YEARLY_PRICE_CENTS)} for the year) with "Start paid plan now" on your dashboard: ${appUrl}/dashboard`,
    first_payment: `To take calls again, update your card in billing: ${appUrl}/settings`,
    past_due_cap: `To take calls again, update your card in billing: ${appUrl}/settings`,
    inactive: `To take calls again, renew your plan: ${appUrl}/dashboard`,
  }[call.reason];
  return mail(
    to,
    `A call to ${call.number} was blocked`,
    [
      `Hi ${name},`,
      `${call.caller} called your number ${call.number} on ${at} UTC. The call was blocked because ${BLOCKED_BECAUSE[call.reason]}: your phone did not ring and the caller could not reach you.`,
      remedy,
      `We email you at most once a day about blocked calls for the same reason. They are all in your call history.`,
    ],
    `${appUrl}/settings`,
    'account',
  );
}
