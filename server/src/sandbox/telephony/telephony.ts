import twilio from 'twilio';
import { ProviderError } from '../../http/errors';
import {
  NumberUnavailable,
  type NumberSearch,
  type NumberWebhooks,
  type OutboundCall,
  type OwnedNumber,
  type ProviderCall,
  type TelephonyProvider,
} from '../../providers/telephony/provider';
import { Carrier, type CarrierLog, newSid, type Transport } from './carrier/carrier';
import { ClickToCallWalk } from './carrier/click-to-call';
import { type CarrierClock, realClock } from './carrier/clock';
import { type InboundCall, placeInboundCall } from './carrier/inbound';
import { sandboxRefusals } from '../../../../contract/refusals/sandbox';

// Area code 555 is not in service: its searches answer numbers of 512 with exact_match false,
// the case a real provider gives for a sold-out area code.
const SOLD_OUT_AREA_CODE = '555';
const NEARBY_AREA_CODE = '512';

interface SandboxOptions {
  clock?: CarrierClock;
  // Real time between two steps of a click-to-call, so its progress can be watched.
  stepMs?: number;
}

/**
 * The embedded telephony provider, playing the carrier: deterministic numbers in the fictional
 * 555-01xx range of every area code, and calls that reach the app only through its webhooks,
 * signed with the sandbox's own secret, following the TwiML it answers (carrier/).
 * Connected to the app by the sandbox routes (routes.ts).
 */
export class SandboxTelephony implements TelephonyProvider {
  private readonly carrier: Carrier;
  private readonly clock: CarrierClock;
  private readonly stepMs: number;
  // What the carrier sold us since this process started, as its own list of numbers.
  private readonly numbers = new Map<string, OwnedNumber & NumberWebhooks>();

  constructor(
    private readonly webhookSecret: string,
    // Where a number the carrier does not remember (bought before a restart) sends its calls and texts.
    private readonly defaults: Pick<NumberWebhooks, 'voiceUrl' | 'smsUrl'>,
    options: SandboxOptions = {},
  ) {
    this.carrier = new Carrier(webhookSecret);
    this.clock = options.clock ?? realClock();
    this.stepMs = options.stepMs ?? 2000;
  }

  connect(transport: Transport, log: CarrierLog) {
    this.carrier.connect(transport, log);
  }

  async searchNumbers(areaCode: string): Promise<NumberSearch> {
    const exactMatch = areaCode !== SOLD_OUT_AREA_CODE;
    const code = exactMatch ? areaCode : NEARBY_AREA_CODE;
    const numbers = Array.from({ length: 100 }, (_, i) => `+1${code}55501${String(i).padStart(2, '0')}`);
    return { exactMatch, numbers };
  }

  async purchaseNumber(phoneNumber: string, webhooks: NumberWebhooks): Promise<{ sid: string }> {
    // Twilio's error 21422: a number is sold once.
    if (this.numbers.has(phoneNumber)) throw new NumberUnavailable('21422');
    const sid = newSid('PN');
    this.numbers.set(phoneNumber, { sid, phoneNumber, createdAt: new Date(), ...webhooks });
    return { sid };
  }

  async findNumber(phoneNumber: string): Promise<OwnedNumber | undefined> {
    const number = this.numbers.get(phoneNumber);
    return number && owned(number);
  }

  async updateNumber(sid: string, webhooks: NumberWebhooks): Promise<void> {
    const number = [...this.numbers.values()].find((n) => n.sid === sid);
    if (number) Object.assign(number, webhooks);
  }

  async releaseNumber(sid: string): Promise<void> {
    for (const [phoneNumber, n] of this.numbers) if (n.sid === sid) this.numbers.delete(phoneNumber);
  }

  async listNumbers(): Promise<OwnedNumber[]> {
    return [...this.numbers.values()].map(owned);
  }

  async createCall(call: OutboundCall): Promise<{ sid: string }> {
    if (!this.carrier.connected) throw new ProviderError(sandboxRefusals.carrierDown);
    const sid = newSid('CA');
    new ClickToCallWalk(this.carrier, this.clock, this.stepMs, call, sid).start();
    return { sid };
  }

  async listEndedCalls(since: Date): Promise<ProviderCall[]> {
    return this.carrier.calls.endedSince(since);
  }

  async fetchCall(sid: string) {
    return this.carrier.calls.find(sid);
  }

  /** Somebody calls `to`: the carrier rings our webhook and carries the call out (carrier/inbound.ts). */
  placeInboundCall(call: InboundCall) {
    const voiceUrl = this.numbers.get(call.to)?.voiceUrl ?? this.defaults.voiceUrl;
    return placeInboundCall(this.carrier, voiceUrl, call);
  }

  async setupWarnings(): Promise<string[]> {
    return [];
  }

  /** Somebody texts `to`: the carrier posts the text to the number's messaging webhook. Answers its sid. */
  async placeInboundText(text: { to: string; from: string; body: string }) {
    const smsUrl = this.numbers.get(text.to)?.smsUrl ?? this.defaults.smsUrl;
    const sid = newSid('SM');
    await this.carrier.post(smsUrl, {
      MessageSid: sid,
      From: text.from,
      To: text.to,
      Body: text.body,
      NumMedia: '0',
    });
    return sid;
  }

  /** What Twilio would bill for a call, all its legs together (carrier/billing.ts). */
  billedMinutes(callSid: string): number {
    return this.carrier.billing.billedMinutes(callSid);
  }

  verifyWebhook(url: string, params: Record<string, string>, signature: string): boolean {
    return twilio.validateRequest(this.webhookSecret, signature, url, params);
  }

  close(): void {
    this.clock.cancelAll();
    this.carrier.disconnect();
  }
}

const owned = ({ sid, phoneNumber, createdAt, voiceUrl }: OwnedNumber & NumberWebhooks): OwnedNumber => ({
  sid,
  phoneNumber,
  createdAt,
  voiceUrl,
});
