import twilio from 'twilio';
import { ProviderError } from '../../http/errors';
import {
  LEG_EVENTS,
  NumberUnavailable,
  type NumberSearch,
  type NumberWebhooks,
  type OutboundCall,
  type OwnedNumber,
  type ProviderCall,
  PurchaseUncertain,
  type TelephonyProvider,
} from './provider';
import { regionOf } from './us-regions';
import { providerRefusals } from '../../../../contract/refusals/providers';

// How many numbers a search asks Twilio for; owned ones are dropped and 10 are shown.
const SEARCH_LIMIT = 20;
// Twilio answering slowly must not hold a request for long: past this, the request fails as a
// provider error (the SDK's default is 30 s).
const TWILIO_TIMEOUT_MS = 10_000;
// Twilio's answers to a purchase of a number nobody can buy (docs/telephony.md, "Twilio's rules").
const NUMBER_UNAVAILABLE = new Set([21422, 21452]);

type Failure = { status?: number; code?: number };

// Twilio's REST API through its SDK (default import only: named imports crash at run time).
export class TwilioTelephony implements TelephonyProvider {
  private readonly client: ReturnType<typeof twilio>;

  constructor(
    private readonly accountSid: string,
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
    // None left in that area code: numbers of the same state, as the onboarding notice expects.
    const region = regionOf(areaCode);
    if (!region) return { exactMatch: false, numbers: [] };
    const nearby = await call('search numbers', () =>
      local.list({ inRegion: region, voiceEnabled: true, limit: SEARCH_LIMIT }),
    );
    return { exactMatch: false, numbers: nearby.map((n) => n.phoneNumber) };
  }

  async purchaseNumber(phoneNumber: string, webhooks: NumberWebhooks): Promise<{ sid: string }> {
    try {
      const bought = await this.client.incomingPhoneNumbers.create({
        phoneNumber,
        ...numberSettings(webhooks),
      });
      return { sid: bought.sid };
    } catch (cause) {
      const { status, code } = cause as Failure;
      if (code !== undefined && NUMBER_UNAVAILABLE.has(code)) throw new NumberUnavailable(String(code));
      // No answer, or a 5xx: Twilio may have sold it to us all the same.
      if (status === undefined || status >= 500)
        throw new PurchaseUncertain('purchase unanswered', { cause });
      throw new ProviderError(providerRefusals.numberNotBought, { cause });
    }
  }

  async findNumber(phoneNumber: string): Promise<OwnedNumber | undefined> {
    const [found] = await call('look up the number', () =>
      this.client.incomingPhoneNumbers.list({ phoneNumber, limit: 1 }),
    );
    return found && owned(found);
  }

  async updateNumber(sid: string, webhooks: NumberWebhooks): Promise<void> {
    await call('configure the number', () =>
      this.client.incomingPhoneNumbers(sid).update({
        ...numberSettings(webhooks),
        // Status reports are asked for per call; an older per-number callback is cleared.
        statusCallback: '',
      }),
    );
  }

  async listNumbers(): Promise<OwnedNumber[]> {
    const numbers = await call('list the numbers', () =>
      this.client.incomingPhoneNumbers.list({ pageSize: 1000 }),
    );
    return numbers.map(owned);
  }

  async releaseNumber(sid: string): Promise<void> {
    await call('release the number', async () => {
      try {
        await this.client.incomingPhoneNumbers(sid).remove();
      } catch (error) {
        // 404: released already (a retry after our write failed, or removed in the console).
        if ((error as Failure).status !== 404) throw error;
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

  async listEndedCalls(since: Date): Promise<ProviderCall[]> {
    const ended = await call('list the calls', () =>
      this.client.calls.list({ endTimeAfter: since, pageSize: 1000 }),
    );
    return ended.map(providerCall);
  }

  async fetchCall(sid: string) {
    try {
      const [found, legs] = await Promise.all([
        this.client.calls(sid).fetch(),
        this.client.calls.list({ parentCallSid: sid, pageSize: 100 }),
      ]);
      return { call: providerCall(found), legs: legs.map(providerCall) };
    } catch (cause) {
      if ((cause as Failure).status === 404) return undefined;
      throw new ProviderError(providerRefusals.callNotRead, { cause });
    }
  }

  async setupWarnings(): Promise<string[]> {
    const account = await call('read the account', () =>
      this.client.api.v2010.accounts(this.accountSid).fetch(),
    );
    if (account.type !== 'Trial') return [];
    return [
      'The Twilio account is a trial account: it can only call verified numbers and plays a trial message ' +
        'before every call. Upgrade it in the Twilio console (docs/telephony.md).',
    ];
  }

  verifyWebhook(url: string, params: Record<string, string>, signature: string): boolean {
    return twilio.validateRequest(this.authToken, signature, url, params);
  }

  close(): void {}
}

const numberSettings = (webhooks: NumberWebhooks) => ({
  voiceUrl: webhooks.voiceUrl,
  voiceMethod: 'POST',
  voiceFallbackUrl: webhooks.voiceFallbackUrl,
  voiceFallbackMethod: 'POST',
  smsUrl: webhooks.smsUrl,
  smsMethod: 'POST',
});

const owned = (n: { sid: string; phoneNumber: string; dateCreated: Date; voiceUrl: string | null }) => ({
  sid: n.sid,
  phoneNumber: n.phoneNumber,
  createdAt: n.dateCreated,
  voiceUrl: n.voiceUrl ?? '',
});

const providerCall = (c: {
  sid: string;
  parentCallSid: string | null;
  from: string;
  to: string;
  direction: string;
  status: string;
  duration: string | null;
  startTime: Date | null;
}): ProviderCall => ({
  sid: c.sid,
  parentSid: c.parentCallSid,
  from: c.from,
  to: c.to,
  direction: c.direction,
  status: c.status,
  duration: Number(c.duration ?? 0),
  startTime: c.startTime,
});

// Any SDK failure (HTTP error, network) becomes a 502 whose cause is logged, never shown.
async function call<T>(action: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (cause) {
    throw new ProviderError(providerRefusals.phoneProviderFailed(action), { cause });
  }
}
