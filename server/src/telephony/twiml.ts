// TwiML answers. Built as strings rather than with the SDK's VoiceResponse (an XML builder that
// costs ~30 µs a call): the voice webhook is on a caller's ring path. Every value is escaped.

const PROLOG = '<?xml version="1.0" encoding="UTF-8"?>';

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * Dials `to` showing `callerId`: an inbound call rings the owner's phone with the original caller's
 * number, and a click-to-call's second leg rings the recipient with the virtual number.
 */
export function dialTwiml(to: string, callerId: string): string {
  return `${PROLOG}<Response><Dial callerId="${escapeXml(callerId)}">${escapeXml(to)}</Dial></Response>`;
}

/** A call to a number we do not route: a polite sentence, then hang up. */
export function notInServiceTwiml(): string {
  return `${PROLOG}<Response><Say>Sorry, the number you have called is not in service. Goodbye.</Say><Hangup/></Response>`;
}
