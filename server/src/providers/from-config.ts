import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { numberWebhooks } from '../calls/urls';
import type { BillingProvider } from './billing/provider';
import { sandboxBilling } from '../sandbox/billing/billing';
import { stripeBilling } from './billing/stripe/billing';
import type { Mailer } from './mail/mailer';
import { outboxMailer } from './mail/outbox';
import { smtpMailer } from './mail/smtp';
import { SandboxTelephony } from '../sandbox/telephony/telephony';
import type { TelephonyProvider } from './telephony/provider';
import { TwilioTelephony } from './telephony/twilio';

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
    production: config.production,
    liveKey: /^(sk|rk)_live_/.test(secretKey),
  });
}

export function telephonyFromConfig(config: Config): TelephonyProvider {
  if (config.telephony.kind === 'twilio') {
    return new TwilioTelephony(config.telephony.accountSid, config.telephony.authToken);
  }
  return new SandboxTelephony(sandboxWebhookSecret(config.jwtSecret), numberWebhooks(config.appUrl));
}

// The sandbox signs its webhooks like Twilio, with a secret derived from the server's own.
export function sandboxWebhookSecret(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('sandbox-telephony-webhooks').digest('base64url');
}
