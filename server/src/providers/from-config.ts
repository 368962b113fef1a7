import Stripe from 'stripe';
import type { BillingProvider } from '../billing/provider';
import type { Config } from '../config';
import type { Mailer } from '../mail/mailer';
import { outboxMailer } from './outbox';
import { sandboxBilling } from './sandbox-billing';
import { smtpMailer } from './smtp';
import { stripeBilling } from './stripe-billing';

// The real providers when configured, the embedded ones otherwise (see config.ts).
export function mailerFromConfig(config: Config): Mailer {
  if (config.mail === 'smtp') return smtpMailer(config.env.SMTP_URL!, config.env.MAIL_FROM);
  return outboxMailer(config.dataDir);
}

export function billingFromConfig(config: Config): BillingProvider {
  if (config.billing === 'sandbox') return sandboxBilling(config);
  return stripeBilling(new Stripe(config.env.STRIPE_SECRET_KEY!), {
    priceId: config.env.STRIPE_PRICE_ID!,
    webhookSecret: config.env.STRIPE_WEBHOOK_SECRET!,
    appUrl: config.appUrl,
  });
}
