import { type Carrier, newSid } from './carrier';
import { DialledLeg, type Parent } from './dial';
import type { Outcome } from './phones';
import { readTwiml } from './twiml-reader';

export interface InboundCall {
  from: string;
  to: string;
  // Seconds of talk once the owner's phone (or its voicemail) answers.
  duration: number;
  outcome: Outcome;
}

/**
 * Somebody rings one of our numbers: the carrier asks the number's voice URL what to do and does
 * it at once (no waiting: the simulated ring and talk take no real time). Answers the call's sid
 * and the TwiML the app answered.
 */
export async function placeInboundCall(carrier: Carrier, voiceUrl: string, call: InboundCall) {
  const parent: Parent = { sid: newSid('CA'), from: call.from, to: call.to, direction: 'inbound' };
  const twiml = await carrier.post(voiceUrl, {
    CallSid: parent.sid,
    From: call.from,
    To: call.to,
    Direction: 'inbound',
    CallStatus: 'ringing',
  });
  for (const verb of readTwiml(twiml)) {
    if (verb.verb === 'Hangup') break;
    if (verb.verb === 'Gather') throw new Error('a sandbox caller never presses keys');
    if (verb.verb !== 'Dial') continue; // <Say>: the caller hears it
    const leg = new DialledLeg(carrier, parent, verb, call.outcome);
    if ((await leg.ring()) && (await leg.pickUp())) await leg.hangUp(call.duration);
    // With an action, the call goes on with the action's TwiML (DialledLeg read it), not this one.
    if (verb.attributes.action) break;
  }
  return { sid: parent.sid, twiml };
}
