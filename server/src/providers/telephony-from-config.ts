import { createHmac } from 'node:crypto';
import type { Config } from '../config';
import type { TelephonyProvider } from '../telephony/provider';
import { numberWebhooks } from '../telephony/urls';
import { SandboxTelephony } from './sandbox-telephony';
import { TwilioTelephony } from './twilio-telephony';

// Twilio when configured (config.ts requires both credentials then), the sandbox otherwise.
export function telephonyFromConfig(config: Config): TelephonyProvider {
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN } = config.env;
  if (config.telephony === 'twilio' && TWILIO_ACCOUNT_SID && TWILIO_AUTH_TOKEN) {
    return new TwilioTelephony(TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN);
  }
  return new SandboxTelephony(sandboxWebhookSecret(config.jwtSecret), numberWebhooks(config.appUrl).voiceUrl);
}

// The sandbox signs its webhooks like Twilio, with a secret derived from the server's own.
export function sandboxWebhookSecret(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('sandbox-telephony-webhooks').digest('base64url');
}
