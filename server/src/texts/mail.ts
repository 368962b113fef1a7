import { friendlyName } from '../../../rules/us-numbers';
import type { MailMessage } from '../providers/mail/mailer';
import type { InboundText } from './receive';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// A US number as people write it; anything else as it came.
const shown = (number: string) => (/^\+1\d{10}$/.test(number) ? friendlyName(number) : number);

/** The mail telling the owner of a business number what was texted to it. */
export function textMail(appUrl: string, to: string, text: InboundText): MailMessage {
  const from = shown(text.from);
  const settings = `${appUrl}/settings`;
  return {
    to,
    subject: `Text from ${from} to your business number`,
    text: `${from} texted your business number ${shown(text.to)}:\n\n${text.body}\n\nYou cannot reply from your business number. Stop these emails in your settings: ${settings}`,
    html:
      `<p>${escape(from)} texted your business number ${escape(shown(text.to))}:</p>` +
      `<blockquote>${escape(text.body).replace(/\n/g, '<br>')}</blockquote>` +
      `<p>You cannot reply from your business number. <a href="${settings}">Stop these emails in your settings</a>.</p>`,
  };
}
