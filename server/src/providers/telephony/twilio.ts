import twilio from 'twilio';
import { ProviderError } from '../../http/errors';
import {
  LEG_EVENTS,
  type NumberSearch,
  type NumberWebhooks,
  type OutboundCall,
  type OwnedNumber,
  type TelephonyProvider,
} from './provider';

// How many numbers a search asks Twilio for; owned ones are dropped and 10 are shown.
const SEARCH_LIMIT = 20;
// Twilio answering slowly must not hold a request (and a purchase's transaction) for long: past
// this, the request fails as a provider error and nothing is recorded (the SDK's default is 30 s).
const TWILIO_TIMEOUT_MS = 10_000;

// Twilio's REST API through its SDK (default import only: named imports crash at run time).
export class TwilioTelephony implements TelephonyProvider {
  private readonly client: ReturnType<typeof twilio>;

  constructor(
    accountSid: string,
    private readonly authToken: string,
    timeoutMs = TWILIO_TIMEOUT_MS,
  ) {
    this.client = twilio(accountSid, authToken, { timeout: timeoutMs });
  }

  async searchNumbers(areaCode: string): Promise<NumberSearch> {
    const local = this.client.availablePhoneNumbers('US').local;
    const exact = await call('search numbers', () =>
      local.list({ areaCode: Number(areaCode), voiceEnabled: true, limit: SEARCH_LIMIT }),
    );
    if (exact.length > 0) return { exactMatch: true, numbers: exact.map((n) => n.phoneNumber) };
    // None left in that area code: Twilio's nearby search around it, as the onboarding notice expects.
    const nearby = await call('search numbers', () =>
      local.list({
        nearNumber: `+1${areaCode}2000000`,
        distance: 100,
        voiceEnabled: true,
        limit: SEARCH_LIMIT,
      }),
    );
    return { exactMatch: false, numbers: nearby.map((n) => n.phoneNumber) };
  }

  async purchaseNumber(phoneNumber: string, webhooks: NumberWebhooks): Promise<{ sid: string }> {
    const bought = await call('buy the number', () =>
      this.client.incomingPhoneNumbers.create({
        phoneNumber,
        voiceUrl: webhooks.voiceUrl,
        voiceMethod: 'POST',
      }),
    );
    return { sid: bought.sid };
  }

  async updateNumber(sid: string, webhooks: NumberWebhooks): Promise<void> {
    await call('configure the number', () =>
      this.client.incomingPhoneNumbers(sid).update({
        voiceUrl: webhooks.voiceUrl,
        voiceMethod: 'POST',
        // Status reports are asked for per call; an older per-number callback is cleared.
        statusCallback: '',
      }),
    );
  }

  async listNumbers(): Promise<OwnedNumber[]> {
    const numbers = await call('list the numbers', () =>
      this.client.incomingPhoneNumbers.list({ pageSize: 1000 }),
    );
    return numbers.map((n) => ({ sid: n.sid, phoneNumber: n.phoneNumber, createdAt: n.dateCreated }));
  }

  async releaseNumber(sid: string): Promise<void> {
    await call('release the number', async () => {
      try {
        await this.client.incomingPhoneNumbers(sid).remove();
      } catch (error) {
        // 404: released already (a retry after our write failed, or removed in the console).
        if ((error as { status?: number }).status !== 404) throw error;
      }
    });
  }

  async createCall(c: OutboundCall): Promise<{ sid: string }> {
    const created = await call('start the call', () =>
      this.client.calls.create({
        to: c.to,
        from: c.from,
        twiml: c.twiml,
        statusCallback: c.statusCallback,
        statusCallbackMethod: 'POST',
        statusCallbackEvent: [...LEG_EVENTS],
        timeout: c.timeoutSeconds,
        timeLimit: c.timeLimitSeconds,
      }),
    );
    return { sid: created.sid };
  }

  verifyWebhook(url: string, params: Record<string, string>, signature: string): boolean {
    return twilio.validateRequest(this.authToken, signature, url, params);
  }

  close(): void {}
}

// Any SDK failure (HTTP error, network) becomes a 502 whose cause is logged, never shown.
async function call<T>(action: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (cause) {
    throw new ProviderError(`Our phone provider could not ${action}. Please try again.`, { cause });
  }
}
