import type { Config } from '../config';
import type { Mailer } from '../mail/mailer';
import { outboxMailer } from './outbox';
import { smtpMailer } from './smtp';

// The real providers when configured, the embedded ones otherwise (see config.ts).
export function mailerFromConfig(config: Config): Mailer {
  if (config.mail === 'smtp') return smtpMailer(config.env.SMTP_URL!, config.env.MAIL_FROM);
  return outboxMailer(config.dataDir);
}
