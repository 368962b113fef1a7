import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import twilio from 'twilio';
import type { ClickToCall, NumberSearch, TelephonyProvider } from '../telephony/provider';

// Area code 555 is not in service: its searches answer numbers of 512 with exact_match false,
// the case a real provider gives for a sold-out area code.
export const SOLD_OUT_AREA_CODE = '555';
export const NEARBY_AREA_CODE = '512';
// A simulated click-to-call lasts this long once it "completes" (2 billed minutes).
export const SIMULATED_CALL_SECONDS = 65;

export interface SandboxCallEnded {
  sid: string;
  from: string;
  to: string;
  durationSeconds: number;
}

// The embedded telephony provider: deterministic numbers in the fictional 555-01xx range of
// every area code, and click-to-calls that end after a short delay, announced as 'call-ended'
// so the sandbox routes record them the way a Twilio status callback would.
export class SandboxTelephony
  extends EventEmitter<{ 'call-ended': [SandboxCallEnded] }>
  implements TelephonyProvider
{
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    // Webhooks are signed like Twilio's, with this secret standing in for the auth token.
    private readonly webhookSecret: string,
    private readonly callDelayMs = 3000,
  ) {
    super();
  }

  async searchNumbers(areaCode: string): Promise<NumberSearch> {
    const exactMatch = areaCode !== SOLD_OUT_AREA_CODE;
    const code = exactMatch ? areaCode : NEARBY_AREA_CODE;
    const numbers = Array.from({ length: 100 }, (_, i) => `+1${code}55501${String(i).padStart(2, '0')}`);
    return { exactMatch, numbers };
  }

  async purchaseNumber(): Promise<{ sid: string }> {
    return { sid: newSid('PN') };
  }

  // Twilio-shaped call ids, so sandbox calls are keyed like real ones.
  newCallSid(): string {
    return newSid('CA');
  }

  async updateNumber(): Promise<void> {}

  async releaseNumber(): Promise<void> {}

  async createCall(call: ClickToCall): Promise<{ sid: string }> {
    const sid = this.newCallSid();
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.emit('call-ended', {
        sid,
        from: call.from,
        to: call.recipient,
        durationSeconds: SIMULATED_CALL_SECONDS,
      });
    }, this.callDelayMs);
    this.timers.add(timer);
    return { sid };
  }

  verifyWebhook(url: string, params: Record<string, string>, signature: string): boolean {
    return twilio.validateRequest(this.webhookSecret, signature, url, params);
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

const newSid = (prefix: string) => prefix + randomUUID().replace(/-/g, '');
