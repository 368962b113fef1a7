import { createHmac } from 'node:crypto';
import type { Config } from '../config';
import type { TelephonyProvider } from '../telephony/provider';
import { numberWebhooks } from '../telephony/urls';
import { SandboxTelephony } from './sandbox-telephony';
import { TwilioTelephony } from './twilio-telephony';

// Twilio when configured, the sandbox otherwise.
export function telephonyFromConfig(config: Config): TelephonyProvider {
  if (config.telephony.kind === 'twilio') {
    return new TwilioTelephony(config.telephony.accountSid, config.telephony.authToken);
  }
  return new SandboxTelephony(sandboxWebhookSecret(config.jwtSecret), numberWebhooks(config.appUrl).voiceUrl);
}

// The sandbox signs its webhooks like Twilio, with a secret derived from the server's own.
export function sandboxWebhookSecret(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('sandbox-telephony-webhooks').digest('base64url');
}
