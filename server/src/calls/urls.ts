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
} as const;

export function webhookUrl(appUrl: string, route: string, query?: Record<string, string>): string {
  const search = query ? `?${new URLSearchParams(query)}` : '';
  return `${appUrl}/api${route}${search}`;
}

/** A number's webhooks: our voice webhook, and the fallback forwarding to `forwardingNumber`. */
export const numberWebhooks = (appUrl: string, forwardingNumber?: string | null): NumberWebhooks => ({
  voiceUrl: webhookUrl(appUrl, ROUTES.voice),
  voiceFallbackUrl: voiceFallbackUrl(forwardingNumber),
});
