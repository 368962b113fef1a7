// What the number and call features need from a telephony provider (Twilio or the sandbox carrier).

export interface NumberSearch {
  // False when the area code had none and the numbers come from a nearby one.
  exactMatch: boolean;
  numbers: string[];
}

// Where the provider sends calls to a number we own. Status reports are asked for per call, in the
// TwiML and in each click-to-call, so a number has no status callback of its own.
export interface NumberWebhooks {
  voiceUrl: string;
}

// A number the provider account holds, as its own list says.
export interface OwnedNumber {
  sid: string;
  phoneNumber: string;
  createdAt: Date;
}

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
  // Buys the number and points it at us; answers the provider's id for it.
  purchaseNumber(phoneNumber: string, webhooks: NumberWebhooks): Promise<{ sid: string }>;
  updateNumber(sid: string, webhooks: NumberWebhooks): Promise<void>;
  // Gives the number back to the provider (billing for it stops); a number already gone counts as released.
  releaseNumber(sid: string): Promise<void>;
  // Every number the provider account holds.
  listNumbers(): Promise<OwnedNumber[]>;
  // Starts a click-to-call; answers the provider's id for its first leg.
  createCall(call: OutboundCall): Promise<{ sid: string }>;
  // Checks a webhook's signature over the public URL it was sent to and its form parameters.
  verifyWebhook(url: string, params: Record<string, string>, signature: string): boolean;
  // Stops anything the provider has scheduled (the sandbox's simulated calls).
  close(): void;
}
