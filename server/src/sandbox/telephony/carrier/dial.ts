import { type Carrier, newSid } from './carrier';
import { Leg } from './leg';
import { answersAfter, type Outcome } from './phones';
import { readTwiml, type Verb } from './twiml-reader';

// Twilio's defaults for <Dial> attributes we may leave out.
const DEFAULT_TIMEOUT = 30;
const DEFAULT_TIME_LIMIT = 4 * 60 * 60;

export interface Parent {
  sid: string;
  from: string;
  to: string;
  direction: 'inbound' | 'outbound-api';
}

/**
 * A <Dial> the carrier carries out for a parent call, step by step: ring the number, then the phone
 * is busy, rings out or answers (hearing the <Number url> whisper first), talks, and hangs up; the
 * end goes to the leg's status callback and to the <Dial> action, whose TwiML is read in turn.
 */
export class DialledLeg {
  private readonly leg: Leg;
  private readonly timeout: number;
  private readonly timeLimit: number;
  status: 'completed' | 'busy' | 'no-answer' | undefined;
  // What the <Dial> action answered, for the parent call to follow next.
  afterDial: Verb[] = [];

  constructor(
    private readonly carrier: Carrier,
    private readonly parent: Parent,
    private readonly dial: Extract<Verb, { verb: 'Dial' }>,
    private readonly outcome: Outcome,
  ) {
    const { attributes, number } = dial;
    this.timeout = Number(attributes.timeout ?? DEFAULT_TIMEOUT);
    this.timeLimit = Number(attributes.timeLimit ?? DEFAULT_TIME_LIMIT);
    this.leg = new Leg(carrier, {
      sid: newSid('CA'),
      parentSid: parent.sid,
      // Without a callerId, Twilio shows the parent call's caller.
      from: attributes.callerId ?? parent.from,
      to: number.number,
      direction: 'outbound-dial',
      statusCallback: number.statusCallback,
      events: number.events,
    });
  }

  /** Starts ringing; answers false when the line is busy and the dial is over. */
  async ring(): Promise<boolean> {
    await this.leg.report('initiated', 'initiated');
    if (this.outcome === 'busy') {
      await this.finish('busy');
      return false;
    }
    await this.leg.report('ringing', 'ringing');
    return true;
  }

  /** The phone answers (after the whisper) or rings out; answers whether it was answered. */
  async pickUp(): Promise<boolean> {
    if (answersAfter(this.outcome, this.timeout) === undefined) {
      await this.finish('no-answer');
      return false;
    }
    const { url } = this.dial.number;
    if (url) readTwiml(await this.carrier.post(url, this.legParams()));
    await this.leg.report('answered', 'in-progress');
    return true;
  }

  /** Talks for `seconds` (cut at the dial's timeLimit) and hangs up; answers how long it talked. */
  async hangUp(seconds: number): Promise<number> {
    this.leg.talked = Math.min(seconds, this.timeLimit);
    this.carrier.billing.bill(this.parent.sid, this.leg.talked);
    await this.finish('completed');
    return this.leg.talked;
  }

  private async finish(status: 'completed' | 'busy' | 'no-answer') {
    this.status = status;
    await this.leg.end(status);
    const { action } = this.dial.attributes;
    if (!action) return;
    this.afterDial = readTwiml(
      await this.carrier.post(action, {
        CallSid: this.parent.sid,
        From: this.parent.from,
        To: this.parent.to,
        Direction: this.parent.direction,
        CallStatus: 'in-progress',
        DialCallSid: this.leg.setup.sid,
        DialCallStatus: status,
        DialBridged: String(status === 'completed'),
        ...(status === 'completed' ? { DialCallDuration: String(this.leg.talked) } : {}),
      }),
    );
  }

  private legParams() {
    return {
      CallSid: this.leg.setup.sid,
      ParentCallSid: this.parent.sid,
      From: this.leg.setup.from,
      To: this.leg.setup.to,
    };
  }
}
