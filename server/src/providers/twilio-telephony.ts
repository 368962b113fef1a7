import twilio from 'twilio';
import { ProviderError } from '../http/errors';
import type { ClickToCall, NumberSearch, TelephonyProvider, WebhookUrls } from '../telephony/provider';
import { dialTwiml } from '../telephony/twiml';

// How many numbers a search asks Twilio for; owned ones are dropped and 10 are shown.
const SEARCH_LIMIT = 20;

// Twilio's REST API through its SDK (default import only: named imports crash at run time).
export class TwilioTelephony implements TelephonyProvider {
  private readonly client: ReturnType<typeof twilio>;

  constructor(
    accountSid: string,
    private readonly authToken: string,
  ) {
    this.client = twilio(accountSid, authToken);
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

  async purchaseNumber(phoneNumber: string, urls: WebhookUrls): Promise<{ sid: string }> {
    const bought = await call('buy the number', () =>
      this.client.incomingPhoneNumbers.create({ phoneNumber, ...webhookParams(urls) }),
    );
    return { sid: bought.sid };
  }

  async updateNumber(sid: string, urls: WebhookUrls): Promise<void> {
    await call('configure the number', () =>
      this.client.incomingPhoneNumbers(sid).update(webhookParams(urls)),
    );
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

  async createCall(c: ClickToCall): Promise<{ sid: string }> {
    // Rings the user's own phone; when they answer, the inline TwiML dials the recipient.
    const created = await call('start the call', () =>
      this.client.calls.create({
        to: c.forwardingNumber,
        from: c.from,
        twiml: dialTwiml(c.recipient, c.from),
        statusCallback: c.statusCallback,
        statusCallbackMethod: 'POST',
      }),
    );
    return { sid: created.sid };
  }

  verifyWebhook(url: string, params: Record<string, string>, signature: string): boolean {
    return twilio.validateRequest(this.authToken, signature, url, params);
  }

  close(): void {}
}

function webhookParams(urls: WebhookUrls) {
  return {
    voiceUrl: urls.voiceUrl,
    voiceMethod: 'POST',
    statusCallback: urls.statusCallback,
    statusCallbackMethod: 'POST',
  };
}

// Any SDK failure (HTTP error, network) becomes a 502 whose cause is logged, never shown.
async function call<T>(action: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (cause) {
    throw new ProviderError(`Our phone provider could not ${action}. Please try again.`, { cause });
  }
}
