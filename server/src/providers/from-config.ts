import Stripe from 'stripe';
import type { BillingProvider } from '../billing/provider';
import type { Config } from '../config';
import type { Db } from '../db/client';
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

export function billingFromConfig(config: Config, db: Db): BillingProvider {
  if (config.billing === 'sandbox') return sandboxBilling(config, db);
  // A hanging Stripe fails the request as a provider error (502) after 10 s, one retry at most
  // (the SDK sends an idempotency key with each POST, so a retry never charges twice).
  const stripe = new Stripe(config.env.STRIPE_SECRET_KEY!, { timeout: 10_000, maxNetworkRetries: 1 });
  return stripeBilling(stripe, {
    priceId: config.env.STRIPE_PRICE_ID!,
    webhookSecret: config.env.STRIPE_WEBHOOK_SECRET!,
    appUrl: config.appUrl,
  });
}
