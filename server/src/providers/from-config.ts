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
  if (config.mail.kind === 'smtp') return smtpMailer(config.mail.url, config.mail.from);
  return outboxMailer(config.dataDir);
}

export function billingFromConfig(config: Config, db: Db): BillingProvider {
  if (config.billing.kind === 'sandbox') return sandboxBilling(config, db);
  const { secretKey, priceId, webhookSecret } = config.billing;
  // A hanging Stripe fails the request as a provider error (502) after 10 s, one retry at most
  // (the SDK sends an idempotency key with each POST, so a retry never charges twice).
  const stripe = new Stripe(secretKey, { timeout: 10_000, maxNetworkRetries: 1 });
  return stripeBilling(stripe, {
    priceId,
    webhookSecret,
    appUrl: config.appUrl,
  });
}
