import type { MailMessage } from '../providers/mail/mailer';
import { escapeHtml } from './password-reset-mail';

// Tells the owner at once, so a change they did not make does not go unnoticed.
export function passwordChangedMail(to: string, name: string, appUrl: string): MailMessage {
  const resetLink = `${appUrl}/forgot-password`;
  const text = [
    `Hi ${name},`,
    '',
    'The password of your Forwardly account was just changed, and every other device was signed out.',
    '',
    `If you did not do this, choose a new password now: ${resetLink}`,
  ].join('\n');
  const html =
    `<p>Hi ${escapeHtml(name)},</p>` +
    '<p>The password of your Forwardly account was just changed, and every other device was signed out.</p>' +
    `<p>If you did not do this, <a href="${escapeHtml(resetLink)}">choose a new password now</a>.</p>`;
  return { to, subject: 'Your Forwardly password was changed', text, html };
}
