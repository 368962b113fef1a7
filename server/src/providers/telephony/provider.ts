// What the number and call features need from a telephony provider (Twilio or the sandbox carrier).

export interface NumberSearch {
  // False when the area code had none and the numbers come from a nearby one.
  exactMatch: boolean;
  numbers: string[];
}

// Where the provider sends calls to a number we own, and where it turns when that URL fails (our
// server or database is down): a fallback hosted apart from us (calls/fallback.ts). Status reports
// are asked for per call, in the TwiML and in each click-to-call, so a number has no status
// callback of its own.
export interface NumberWebhooks {
  voiceUrl: string;
  voiceFallbackUrl: string;
  // Where texts to the number go (texts/): kept for the owner, never dropped.
  smsUrl: string;
}

// A number the provider account holds, as its own list says, and where its calls go (which tells
// whether this deployment bought it: numbers/reconcile.ts).
export interface OwnedNumber {
  sid: string;
  phoneNumber: string;
  createdAt: Date;
  voiceUrl: string;
}

// A call leg as the provider's Calls resource keeps it.
export interface ProviderCall {
  sid: string;
  // The call this leg was dialled for (a <Dial>'s leg), or null for a call of its own.
  parentSid: string | null;
  from: string;
  to: string;
  direction: string;
  // The Call resource's status: queued, ringing, in-progress, completed, busy, no-answer, failed, canceled.
  status: string;
  // Seconds from answer to end; 0 until it has ended, and for a leg never answered.
  duration: number;
  // When it began ringing (null while queued).
  startTime: Date | null;
}

/** The number cannot be bought (Twilio 21422, 21452): someone else took it, or it is not for sale. */
export class NumberUnavailable extends Error {}

/**
 * The provider may have sold us the number though it did not say so (a timeout, a 5xx answer):
 * only asking it (findNumber) tells.
 */
export class PurchaseUncertain extends Error {}

// The first leg of a click-to-call: the provider rings `to` showing `from`, and runs `twiml` when
// it is answered.
export interface OutboundCall {
  to: string;
  from: string;
  twiml: string;
  statusCallback: string;
  timeoutSeconds: number;
  timeLimitSeconds: number;
}

// The leg events a status callback is asked to report.
export const LEG_EVENTS = ['initiated', 'ringing', 'answered', 'completed'] as const;

export interface TelephonyProvider {
  searchNumbers(areaCode: string): Promise<NumberSearch>;
  // Buys the number and points it at us; answers the provider's id for it. Throws NumberUnavailable
  // or PurchaseUncertain as above, a ProviderError otherwise.
  purchaseNumber(phoneNumber: string, webhooks: NumberWebhooks): Promise<{ sid: string }>;
  // The number if the provider account holds it.
  findNumber(phoneNumber: string): Promise<OwnedNumber | undefined>;
  updateNumber(sid: string, webhooks: NumberWebhooks): Promise<void>;
  // Gives the number back to the provider (billing for it stops); a number already gone counts as released.
  releaseNumber(sid: string): Promise<void>;
  // Every number the provider account holds.
  listNumbers(): Promise<OwnedNumber[]>;
  // Starts a click-to-call; answers the provider's id for its first leg.
  createCall(call: OutboundCall): Promise<{ sid: string }>;
  // Every call leg that ended since `since` (the hourly reconciliation of calls).
  listEndedCalls(since: Date): Promise<ProviderCall[]>;
  // One call leg, and the legs dialled for it (undefined: the provider does not know it).
  fetchCall(sid: string): Promise<{ call: ProviderCall; legs: ProviderCall[] } | undefined>;
  // What an operator should fix in the provider account (e.g. a Twilio trial account), in sentences.
  setupWarnings(): Promise<string[]>;
  // Checks a webhook's signature over the public URL it was sent to and its form parameters.
  verifyWebhook(url: string, params: Record<string, string>, signature: string): boolean;
  // Stops anything the provider has scheduled (the sandbox's simulated calls).
  close(): void;
}
