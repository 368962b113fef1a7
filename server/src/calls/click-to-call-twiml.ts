import twilio from 'twilio';
import { KEY_PRESS_TIMEOUT_SECONDS, RING_TIMEOUT_SECONDS } from './limits';
import { LEG_EVENTS } from '../providers/telephony/provider';
import { callbackUrl, ROUTES } from './urls';

// TwiML of a click-to-call, after the user's own phone answers.

const { VoiceResponse } = twilio.twiml;

/** '+12125550142' → '2 1 2, 5 5 5, 0 1 4 2': read out digit by digit, in the usual groups. */
function spokenNumber(e164: string): string {
  const digits = e164.replace(/^\+1/, '');
  return [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)]
    .map((g) => g.split('').join(' '))
    .join(', ');
}

/**
 * Says whom the user is calling and waits for 1. A voicemail never presses it, so nobody is called on
 * its behalf; the answer (or its absence: actionOnEmptyResult) always comes back to us.
 */
export function promptTwiml(appUrl: string, callId: string, recipient: string): string {
  const response = new VoiceResponse();
  const gather = response.gather({
    numDigits: 1,
    timeout: KEY_PRESS_TIMEOUT_SECONDS,
    actionOnEmptyResult: true,
    action: callbackUrl(appUrl, ROUTES.keyPressed, { call: callId }),
  });
  gather.say(`You are calling ${spokenNumber(recipient)}. Press 1 to connect, or hang up to cancel.`);
  return response.toString();
}

/**
 * Dials the recipient showing the business number. Their leg reports each step, and its end comes
 * back twice (status callback and <Dial> action): the record takes whichever arrives first. No
 * timeLimit: the first leg's (createCall) ends the whole call, this leg with it.
 */
export function connectTwiml(
  appUrl: string,
  call: { id: string; fromNumber: string; toNumber: string },
): string {
  const leg = { leg: 'recipient', call: call.id };
  const response = new VoiceResponse();
  const dial = response.dial({
    answerOnBridge: true,
    callerId: call.fromNumber,
    timeout: RING_TIMEOUT_SECONDS,
    action: callbackUrl(appUrl, ROUTES.dialEnded, leg),
  });
  dial.number(
    {
      statusCallback: callbackUrl(appUrl, ROUTES.status, leg),
      statusCallbackEvent: [...LEG_EVENTS],
    },
    call.toNumber,
  );
  return response.toString();
}
