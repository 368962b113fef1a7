import nodemailer from 'nodemailer';
import { ProviderError } from '../../http/errors';
import type { Mailer, MailMessage } from './mailer';
import { providerRefusals } from '../../../../contract/refusals/providers';

// Real mail through any SMTP server, e.g. SMTP_URL=smtps://user:pass@smtp.example.com:465.
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message: MailMessage) {
      try {
        await transport.sendMail({ from, ...message });
      } catch (error) {
        throw new ProviderError(providerRefusals.emailNotSent, { cause: error });
      }
    },
  };
}
