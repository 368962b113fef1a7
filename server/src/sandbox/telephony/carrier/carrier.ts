import { randomUUID } from 'node:crypto';
import twilio from 'twilio';
import { ServiceUnavailable } from '../../../http/errors';
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

  constructor(
    private readonly secret: string,
    // Twilio's time for a webhook to answer (docs/telephony.md, "Twilio's rules" 7).
    private readonly answerWithinMs = 15_000,
  ) {}

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

  // An answer that takes longer than Twilio waits counts as none (the app's work may still finish).
  private intime<T>(answer: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new TooSlow(`no answer within ${this.answerWithinMs} ms`)),
        this.answerWithinMs,
      );
    });
    return Promise.race([answer, late]).finally(() => clearTimeout(timer));
  }

  /**
   * Posts a webhook and answers its body; a refusal (4xx/5xx) or no answer is an error, as it ends
   * Twilio's call flow. Tried again only as the URL's connection overrides ask (rc, rp), as Twilio does.
   */
  async post(url: string, params: Record<string, string>): Promise<string> {
    const transport = this.transport;
    if (!transport) throw new Error('the sandbox carrier is not connected to the app');
    const form = { AccountSid: SANDBOX_ACCOUNT_SID, ApiVersion: '2010-04-01', ...params };
    // The fragment (connection overrides) is Twilio's to read, never sent.
    const { pathname, search, hash } = new URL(url);
    const retries = retriesAsked(hash);
    for (let attempt = 0; ; attempt++) {
      let failure: { kind: string; error: Error };
      try {
        const answer = await this.intime(
          transport({
            url: pathname + search,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'x-twilio-signature': twilio.getExpectedTwilioSignature(this.secret, url, form),
            },
            payload: new URLSearchParams(form).toString(),
          }),
        );
        if (answer.statusCode < 400) return answer.body;
        const refusal = new Error(`${pathname} answered ${answer.statusCode}: ${answer.body}`);
        // Our webhook met an outage: whoever asked the sandbox for this call gets the same 503.
        const error = answer.statusCode === 503 ? new ServiceUnavailable({ cause: refusal }) : refusal;
        failure = { kind: answer.statusCode >= 500 ? '5xx' : '4xx', error };
      } catch (error) {
        failure = { kind: error instanceof TooSlow ? 'rt' : 'ct', error: error as Error };
      }
      const retried = retries.policy.has(failure.kind) || retries.policy.has('all');
      if (attempt >= retries.count || !retried) throw failure.error;
    }
  }
}

class TooSlow extends Error {}

// Twilio's connection overrides: rc retries (at most 5) of the failures rp names; none by default.
function retriesAsked(hash: string) {
  const overrides = new URLSearchParams(hash.slice(1));
  return {
    count: Math.min(5, Number(overrides.get('rc') ?? 0)),
    policy: new Set((overrides.get('rp') ?? '').split(',')),
  };
}
