// What the number and call features need from a telephony provider (Twilio or the sandbox).

export interface NumberSearch {
  // False when the area code had none and the numbers come from a nearby one.
  exactMatch: boolean;
  numbers: string[];
}

// Where the provider calls us back: inbound calls and call status changes.
export interface WebhookUrls {
  voiceUrl: string;
  statusCallback: string;
}

export interface ClickToCall {
  // The virtual number: caller ID on both legs.
  from: string;
  // The user's own phone, rung first.
  forwardingNumber: string;
  // Bridged once the user answers.
  recipient: string;
  statusCallback: string;
}

export interface TelephonyProvider {
  searchNumbers(areaCode: string): Promise<NumberSearch>;
  // Buys the number and points its webhooks at us; answers the provider's id for it.
  purchaseNumber(phoneNumber: string, urls: WebhookUrls): Promise<{ sid: string }>;
  updateNumber(sid: string, urls: WebhookUrls): Promise<void>;
  // Gives the number back to the provider (billing for it stops); a number already gone counts as released.
  releaseNumber(sid: string): Promise<void>;
  // Starts a click-to-call; answers the provider's call id.
  createCall(call: ClickToCall): Promise<{ sid: string }>;
  // Checks a webhook's signature over the public URL it was sent to and its form parameters.
  verifyWebhook(url: string, params: Record<string, string>, signature: string): boolean;
  // Stops anything the provider has scheduled (the sandbox's simulated calls).
  close(): void;
}
