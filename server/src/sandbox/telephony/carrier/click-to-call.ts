import { LEG_EVENTS, type OutboundCall } from '../../../providers/telephony/provider';
import type { Carrier } from './carrier';
import type { CarrierClock } from './clock';
import { DialledLeg, type Parent } from './dial';
import { Leg } from './leg';
import {
  answersAfter,
  ownPhoneOutcome,
  PICK_UP_SECONDS,
  RECIPIENT_TALK_SECONDS,
  recipientOutcome,
} from './phones';
import { readTwiml, type Verb } from './twiml-reader';

// Simulated seconds the "press 1" prompt takes, for the first leg's duration, and the wait for a
// key that never comes.
const PROMPT_SECONDS = 8;
const KEY_WAIT_SECONDS = 10;

type Step = () => Promise<Step | void>;

/**
 * A sandbox click-to-call, one step per tick of the clock, as a person would live it: the user's
 * phone rings, they answer and hear the prompt, they press 1, the recipient's phone rings, then
 * it is busy, rings out or is answered, and after talking both hang up. Every step reaches the
 * app through the status callbacks, the <Gather> action and the <Dial> action it gave.
 */
export class ClickToCallWalk {
  private readonly user: Leg;
  private readonly parent: Parent;
  private answered = false;

  constructor(
    private readonly carrier: Carrier,
    private readonly clock: CarrierClock,
    private readonly stepMs: number,
    private readonly call: OutboundCall,
    sid: string,
  ) {
    this.parent = { sid, from: call.from, to: call.to, direction: 'outbound-api' };
    this.user = new Leg(carrier, {
      sid,
      from: call.from,
      to: call.to,
      direction: 'outbound-api',
      statusCallback: call.statusCallback,
      events: [...LEG_EVENTS],
    });
  }

  start() {
    this.schedule(() => this.ringUser());
  }

  private schedule(step: Step) {
    this.clock.after(this.stepMs, async () => {
      try {
        const next = await step();
        if (next) this.schedule(next);
      } catch (err) {
        this.carrier.log.error({ err, call: this.parent.sid }, 'sandbox click-to-call stopped');
      }
    });
  }

  private async ringUser(): Promise<Step | void> {
    await this.user.report('initiated', 'initiated');
    await this.user.report('ringing', 'ringing');
    // The call's Timeout: a phone (or its voicemail) that has not answered by then is given up on.
    const outcome = ownPhoneOutcome(this.call.to);
    if (answersAfter(outcome, this.call.timeoutSeconds) === undefined) return this.user.end('no-answer');
    return () => this.answerUser(outcome === 'voicemail');
  }

  private async answerUser(voicemail: boolean): Promise<Step | void> {
    await this.user.report('answered', 'in-progress');
    this.answered = true;
    this.user.talked = PROMPT_SECONDS;
    const gather = readTwiml(this.call.twiml).find((verb) => verb.verb === 'Gather');
    if (!gather?.action) return this.hangUpUser();
    // A voicemail records the prompt and never presses a key.
    return () => (voicemail ? this.noKey(gather.action!) : this.pressOne(gather.action!));
  }

  private async noKey(action: string): Promise<void> {
    this.user.talked += KEY_WAIT_SECONDS;
    await this.carrier.post(action, this.gatherParams(''));
    return this.hangUpUser();
  }

  private gatherParams(digits: string) {
    return {
      CallSid: this.parent.sid,
      From: this.call.from,
      To: this.call.to,
      Direction: 'outbound-api',
      CallStatus: 'in-progress',
      Digits: digits,
    };
  }

  private async pressOne(action: string): Promise<Step | void> {
    const answer = await this.carrier.post(action, this.gatherParams('1'));
    const dial = readTwiml(answer).find(
      (verb): verb is Extract<Verb, { verb: 'Dial' }> => verb.verb === 'Dial',
    );
    if (!dial) return this.hangUpUser();
    const recipient = new DialledLeg(this.carrier, this.parent, dial, recipientOutcome(dial.number.number));
    if (!(await recipient.ring())) return this.hangUpUser();
    return () => this.recipientPicksUp(recipient);
  }

  private async recipientPicksUp(recipient: DialledLeg): Promise<Step | void> {
    this.user.talked += PICK_UP_SECONDS;
    if (!(await recipient.pickUp())) return this.hangUpUser();
    return async () => {
      this.user.talked += await recipient.hangUp(Math.min(RECIPIENT_TALK_SECONDS, this.secondsLeft()));
      await this.hangUpUser();
    };
  }

  // The call's TimeLimit, counted from the user's answer, ends it and the recipient's leg with it.
  private secondsLeft() {
    return Math.max(0, this.call.timeLimitSeconds - this.user.talked);
  }

  private hangUpUser() {
    this.user.talked = Math.min(this.user.talked, this.call.timeLimitSeconds);
    // The user's leg is billed on its own, from their answer to the end (the recipient's too).
    if (this.answered) this.carrier.billing.bill(this.parent.sid, this.user.talked);
    return this.user.end('completed');
  }
}
