import { type Carrier, newSid } from './carrier';
import { DialledLeg, type Parent } from './dial';
import type { Outcome } from './phones';
import { readTwiml, type Verb } from './twiml-reader';

export interface InboundCall {
  from: string;
  to: string;
  // Seconds of talk once the owner's phone (or its voicemail) answers.
  duration: number;
  outcome: Outcome;
}

// Simulated seconds a <Say> takes, for the caller's billed leg.
const SAY_SECONDS = 5;

/**
 * Somebody rings one of our numbers: the carrier asks the number's voice URL what to do and does
 * it at once (no waiting: the simulated ring and talk take no real time). The caller's leg stays
 * unanswered while the first verb is <Reject> (the call ends unanswered, billed nothing) or a
 * <Dial answerOnBridge> still ringing; any other verb answers it, and from then on it is billed.
 * A <Dial> with an action goes on with the action's TwiML, where <Reject> is first verb again.
 * Answers the call's sid, the TwiML the app answered, and whether the caller's leg was answered.
 */
export async function placeInboundCall(carrier: Carrier, voiceUrl: string, call: InboundCall) {
  const parent: Parent = { sid: newSid('CA'), from: call.from, to: call.to, direction: 'inbound' };
  const logged = { sid: parent.sid, parentSid: null, from: call.from, to: call.to, direction: 'inbound' };
  carrier.calls.update(logged, 'ringing');
  const twiml = await carrier.post(voiceUrl, {
    CallSid: parent.sid,
    From: call.from,
    To: call.to,
    Direction: 'inbound',
    CallStatus: 'ringing',
  });
  const caller = { answered: false, seconds: 0 };
  await follow(carrier, parent, call, readTwiml(twiml), caller);
  if (caller.answered) carrier.billing.bill(parent.sid, caller.seconds);
  // A rejected call ends unanswered: Twilio lists it as no-answer.
  carrier.calls.update(logged, caller.answered ? 'completed' : 'no-answer', caller.seconds);
  return { sid: parent.sid, twiml, answered: caller.answered };
}

async function follow(
  carrier: Carrier,
  parent: Parent,
  call: InboundCall,
  verbs: Verb[],
  caller: { answered: boolean; seconds: number },
): Promise<void> {
  for (const [index, verb] of verbs.entries()) {
    // Only a first verb leaves the call unanswered: a <Reject> after another verb hangs up.
    if (verb.verb === 'Reject' && index === 0 && !caller.answered) return;
    if (verb.verb === 'Hangup' || verb.verb === 'Reject') {
      caller.answered = true;
      return;
    }
    if (verb.verb === 'Gather') throw new Error('a sandbox caller never presses keys');
    if (verb.verb === 'Say') {
      caller.answered = true;
      caller.seconds += SAY_SECONDS;
      continue;
    }
    if (verb.attributes.answerOnBridge !== 'true') caller.answered = true;
    const leg = new DialledLeg(carrier, parent, verb, call.outcome);
    if ((await leg.ring()) && (await leg.pickUp())) {
      caller.answered = true;
      caller.seconds += await leg.hangUp(call.duration);
    }
    // With an action, the call goes on with the action's TwiML, not this one.
    if (verb.attributes.action) return follow(carrier, parent, call, leg.afterDial, caller);
  }
  // Past the last verb Twilio hangs up; an answered call stays billed.
}
