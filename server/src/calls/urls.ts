import type { NumberWebhooks } from '../providers/telephony/provider';
import { voiceFallbackUrl } from './fallback';

// The webhook routes (under /api) and the public URLs Twilio calls; signatures cover exactly those,
// query included, so what a URL carries comes back to us unaltered.
export const ROUTES = {
  // A call to one of our numbers: answers the forwarding TwiML.
  voice: '/twilio/voice',
  // Status reports of the legs we dial.
  status: '/twilio/status',
  // The end of a <Dial>: records its outcome and says goodbye.
  dialEnded: '/twilio/dial-ended',
  // The user's answer to the click-to-call prompt.
  keyPressed: '/twilio/key-pressed',
  // Said to the owner before a forwarded call is connected.
  whisper: '/twilio/whisper',
  // A text to one of our numbers (texts/webhook.ts).
  sms: '/twilio/sms',
} as const;

export function webhookUrl(appUrl: string, route: string, query?: Record<string, string>): string {
  const search = query ? `?${new URLSearchParams(query)}` : '';
  return `${appUrl}/api${route}${search}`;
}

/**
 * Twilio sends a status callback or a verb's action once, unless its URL asks for retries: these
 * connection overrides (a URL fragment, never sent to us) ask for 3 more tries when we cannot be
 * reached, are too slow, or answer a 5xx (a deploy, a database blip), so a call's end is not lost.
 */
export const CALLBACK_RETRIES = '#rc=3&rp=ct,rt,5xx';

/** A callback's URL: a webhook URL with the retries asked for. */
export const callbackUrl = (appUrl: string, route: string, query?: Record<string, string>) =>
  webhookUrl(appUrl, route, query) + CALLBACK_RETRIES;

/** A number's webhooks: our voice webhook, and the fallback forwarding to `forwardingNumber`. */
export const numberWebhooks = (appUrl: string, forwardingNumber?: string | null): NumberWebhooks => ({
  voiceUrl: webhookUrl(appUrl, ROUTES.voice),
  voiceFallbackUrl: voiceFallbackUrl(forwardingNumber),
  smsUrl: webhookUrl(appUrl, ROUTES.sms),
});
