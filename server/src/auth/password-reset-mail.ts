import type { MailMessage } from '../providers/mail/mailer';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  const text = [
    `Hi ${name},`,
    '',
    'Someone asked to reset the password of your Forwardly account. To choose a new password, open:',
    link,
    '',
    'The link works once and expires in one hour. If you did not ask for this, ignore this email.',
  ].join('\n');
  const html =
    `<p>Hi ${escapeHtml(name)},</p>` +
    '<p>Someone asked to reset the password of your Forwardly account.</p>' +
    `<p><a href="${escapeHtml(link)}">Choose a new password</a></p>` +
    '<p>The link works once and expires in one hour. If you did not ask for this, ignore this email.</p>';
  return { to, subject: 'Reset your Forwardly password', text, html };
}
