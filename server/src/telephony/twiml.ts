import twilio from 'twilio';

// TwiML answers, built with the SDK's VoiceResponse so every value is XML-escaped.

/**
 * Dials `to` showing `callerId`: an inbound call rings the owner's phone with the original caller's
 * number, and a click-to-call's second leg rings the recipient with the virtual number.
 */
export function dialTwiml(to: string, callerId: string): string {
  const response = new twilio.twiml.VoiceResponse();
  response.dial({ callerId }, to);
  return response.toString();
}

/** A call to a number we do not route: a polite sentence, then hang up. */
export function notInServiceTwiml(): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say('Sorry, the number you have called is not in service. Goodbye.');
  response.hangup();
  return response.toString();
}
