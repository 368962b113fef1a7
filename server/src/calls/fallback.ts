// Where Twilio sends a call to one of our numbers when our voice webhook fails (our server or its
// database is down, or it answers an error or nothing within Twilio's time): a Twimlet, hosted by
// Twilio apart from us. With the owner's phone known, the caller is forwarded to it as usual
// (a call taken this way is not counted: no report reaches us); before a phone is set, the caller
// hears an apology. docs/telephony.md, "When we are down", says what a caller hears in each outage.
const TWIMLETS = 'https://twimlets.com';
const APOLOGY = 'Sorry, we cannot connect your call right now. Please try again in a few minutes. Goodbye.';

export function voiceFallbackUrl(forwardingNumber?: string | null): string {
  if (forwardingNumber)
    return `${TWIMLETS}/forward?${new URLSearchParams({ PhoneNumber: forwardingNumber })}`;
  return `${TWIMLETS}/message?${new URLSearchParams({ 'Message[0]': APOLOGY })}`;
}
