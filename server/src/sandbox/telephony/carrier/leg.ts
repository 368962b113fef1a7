import type { Carrier } from './carrier';

interface LegSetup {
  sid: string;
  parentSid?: string;
  from: string;
  to: string;
  direction: 'outbound-api' | 'outbound-dial';
  statusCallback?: string;
  // The events asked for (Twilio's statusCallbackEvent); `completed` only when none were.
  events: string[];
}

/** One leg of a sandbox call, reporting its steps to its status callback as Twilio does. */
export class Leg {
  private sequence = 0;
  // Simulated seconds since the leg was answered.
  talked = 0;

  constructor(
    private readonly carrier: Carrier,
    readonly setup: LegSetup,
  ) {}

  async report(event: 'initiated' | 'ringing' | 'answered' | 'completed', status: string) {
    const { statusCallback, events } = this.setup;
    this.carrier.calls.update(
      {
        sid: this.setup.sid,
        parentSid: this.setup.parentSid ?? null,
        from: this.setup.from,
        to: this.setup.to,
        direction: this.setup.direction,
      },
      status,
      this.talked,
    );
    if (!statusCallback || !events.includes(event)) return;
    await this.carrier.post(statusCallback, {
      CallSid: this.setup.sid,
      ...(this.setup.parentSid ? { ParentCallSid: this.setup.parentSid } : {}),
      From: this.setup.from,
      To: this.setup.to,
      Direction: this.setup.direction,
      CallStatus: status,
      SequenceNumber: String(this.sequence++),
      Timestamp: new Date().toUTCString(),
      CallbackSource: 'call-progress-events',
      ...(event === 'completed' ? { CallDuration: String(this.talked) } : {}),
    });
  }

  /** Ends the leg: completed after talking, or how it failed to connect. */
  end(status: 'completed' | 'busy' | 'no-answer' | 'failed' | 'canceled') {
    return this.report('completed', status);
  }
}
