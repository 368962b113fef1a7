import type { WebhookUrls } from './provider';

// The webhook routes (under /api) and the public URLs Twilio calls; signatures cover exactly those.
export const VOICE_ROUTE = '/twilio/voice';
export const STATUS_ROUTE = '/twilio/status';

export function webhookUrls(appUrl: string): WebhookUrls {
  return { voiceUrl: `${appUrl}/api${VOICE_ROUTE}`, statusCallback: `${appUrl}/api${STATUS_ROUTE}` };
}
