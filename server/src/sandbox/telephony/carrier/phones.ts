// How the phones of the sandbox carrier behave (README, "Trying it locally", lists the test numbers).

export type Outcome = 'answered' | 'no-answer' | 'busy' | 'voicemail';

// A person picks up after a ring or two; a mobile carrier's voicemail after about 25 s.
export const PICK_UP_SECONDS = 6;
const VOICEMAIL_PICK_UP_SECONDS = 25;
// How long a click-to-call's recipient talks.
export const RECIPIENT_TALK_SECONDS = 30;

/** Recipients +1 NXX 555-0198 are busy and +1 NXX 555-0199 never answer; everyone else answers. */
export function recipientOutcome(number: string): Outcome {
  if (/^\+1[2-9]\d\d5550198$/.test(number)) return 'busy';
  if (/^\+1[2-9]\d\d5550199$/.test(number)) return 'no-answer';
  return 'answered';
}

/**
 * A user's own phone, rung by a click-to-call: +1 NXX 555-0197 is never picked up by its owner,
 * so only its voicemail answers (after 25 s of ringing); everyone else picks up.
 */
export function ownPhoneOutcome(number: string): Outcome {
  return /^\+1[2-9]\d\d5550197$/.test(number) ? 'voicemail' : 'answered';
}

/**
 * Whether a phone that rings for up to `timeoutSeconds` is answered, and when. A voicemail answers
 * only if the dial waits long enough for it, as a real one does.
 */
export function answersAfter(outcome: Outcome, timeoutSeconds: number): number | undefined {
  const after = { answered: PICK_UP_SECONDS, voicemail: VOICEMAIL_PICK_UP_SECONDS }[outcome as string];
  return after !== undefined && after <= timeoutSeconds ? after : undefined;
}
