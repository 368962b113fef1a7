import { randomUUID } from 'node:crypto';
import twilio from 'twilio';
import { LegBilling } from './billing';
import { CallLog } from './call-log';

// Sends the sandbox carrier's requests to the app exactly as Twilio sends its webhooks: a form POST
// to the URL we gave, signed (X-Twilio-Signature) over that URL and the form with the sandbox's own
// secret. The transport is the app itself (Fastify's inject), so every route, hook and check runs.

export interface CarrierRequest {
  url: string;
  headers: Record<string, string>;
  payload: string;
}
export type Transport = (request: CarrierRequest) => Promise<{ statusCode: number; body: string }>;
export interface CarrierLog {
  error(details: object, message: string): void;
}

// Twilio-shaped ids, so sandbox calls and numbers are keyed like real ones.
export const newSid = (prefix: string) => prefix + randomUUID().replace(/-/g, '');
const SANDBOX_ACCOUNT_SID = 'ACsandbox0000000000000000000000000';

export class Carrier {
  private transport?: Transport;
  log: CarrierLog = { error: () => {} };
  readonly billing = new LegBilling();
  readonly calls = new CallLog();

  constructor(private readonly secret: string) {}

  connect(transport: Transport, log: CarrierLog) {
    this.transport = transport;
    this.log = log;
  }

  disconnect() {
    this.transport = undefined;
  }

  get connected() {
    return Boolean(this.transport);
  }

  /** Posts a webhook and answers its body; a refusal (4xx/5xx) is an error, as it ends Twilio's call flow. */
  async post(url: string, params: Record<string, string>): Promise<string> {
    if (!this.transport) throw new Error('the sandbox carrier is not connected to the app');
    const form = { AccountSid: SANDBOX_ACCOUNT_SID, ApiVersion: '2010-04-01', ...params };
    const { pathname, search } = new URL(url);
    const answer = await this.transport({
      url: pathname + search,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(this.secret, url, form),
      },
      payload: new URLSearchParams(form).toString(),
    });
    if (answer.statusCode >= 400)
      throw new Error(`${pathname} answered ${answer.statusCode}: ${answer.body}`);
    return answer.body;
  }
}
