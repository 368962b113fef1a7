import twilio from 'twilio';
import { isPresentableCallerId } from './caller-id';
import { RING_TIMEOUT_SECONDS } from './limits';
import { LEG_EVENTS } from '../providers/telephony/provider';
import { callbackUrl, ROUTES, webhookUrl } from './urls';

// TwiML answers for calls to our numbers, built with the SDK's VoiceResponse (it escapes every value).

const { VoiceResponse } = twilio.twiml;

interface Forwarding {
  appUrl: string;
  // The caller, as Twilio's From says, and the business number they called.
  caller: string;
  number: string;
  forwardingNumber: string;
  announce: boolean;
  /** The call's time limit in seconds (CALL_TIME_LIMIT_SECONDS, or a trial's allotment). */
  timeLimit: number;
}

/**
 * Rings the owner's phone. The caller keeps hearing ringing until it is answered (answerOnBridge),
 * so an unanswered call is never billed or shown as talked; the ring lasts long enough for the
 * phone's own voicemail to answer. The owner sees the caller's number when it is a real one. Every
 * step of that leg, and its end, are reported back to us.
 */
export function forwardTwiml(f: Forwarding): string {
  const leg = { leg: 'forward', caller: f.caller, number: f.number };
  const response = new VoiceResponse();
  const dial = response.dial({
    answerOnBridge: true,
    timeout: RING_TIMEOUT_SECONDS,
    timeLimit: f.timeLimit,
    action: callbackUrl(f.appUrl, ROUTES.dialEnded, leg),
    ...(isPresentableCallerId(f.caller) ? { callerId: f.caller } : {}),
  });
  dial.number(
    {
      statusCallback: callbackUrl(f.appUrl, ROUTES.status, leg),
      statusCallbackEvent: [...LEG_EVENTS],
      // Said to the owner once they answer, before the two are connected.
      ...(f.announce ? { url: webhookUrl(f.appUrl, ROUTES.whisper) } : {}),
    },
    f.forwardingNumber,
  );
  return response.toString();
}

/** What the owner hears before a forwarded call is connected, when they asked for it. */
export function whisperTwiml(): string {
  const response = new VoiceResponse();
  response.say('Business call');
  return response.toString();
}

/** A sentence to whoever is still on the line, then hang up (no sentence: just hang up). */
export function goodbyeTwiml(sentence?: string): string {
  const response = new VoiceResponse();
  if (sentence) response.say(sentence);
  response.hangup();
  return response.toString();
}

/**
 * Declines a call nobody will take, without answering it: <Reject> as the first verb is the only
 * answer that leaves a call unanswered, so neither the caller's leg nor anything else is billed.
 * The caller hears their own carrier's "not in service" message. Used for a number we do not route
 * and, as the <Dial> action's answer, for a forward nobody picked up (answerOnBridge kept the
 * caller's leg unanswered until then).
 */
export function rejectTwiml(): string {
  const response = new VoiceResponse();
  response.reject({ reason: 'rejected' });
  return response.toString();
}
