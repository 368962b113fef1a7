// What Twilio would bill for the sandbox's calls: every leg that was answered, on its own, each
// rounded up to the whole minute (docs/telephony.md, "Twilio's rules"). A leg never answered (a
// rejected call, a phone that rang out or was busy) costs nothing.

export class LegBilling {
  private readonly minutes = new Map<string, number>();

  /** An answered leg of the call `callSid` lasted `seconds` from its answer to its end. */
  bill(callSid: string, seconds: number) {
    const billed = Math.max(1, Math.ceil(seconds / 60));
    this.minutes.set(callSid, (this.minutes.get(callSid) ?? 0) + billed);
  }

  /** The minutes billed for a call, all its legs together. */
  billedMinutes(callSid: string): number {
    return this.minutes.get(callSid) ?? 0;
  }
}
