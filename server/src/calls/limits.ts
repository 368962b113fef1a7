// Timing rules for every call we place or forward (docs/telephony.md explains each choice).

import { type SQL, sql } from 'drizzle-orm';

/**
 * How long a dialled phone rings before we give up. Mobile carriers send an unanswered call to the
 * phone's own voicemail after about 20–30 s of ringing, and the ringing starts a few seconds after
 * we dial: 40 s lets that voicemail answer (we promise it takes unanswered calls: docs/product.md).
 */
export const RING_TIMEOUT_SECONDS = 40;

/** The longest call we connect: ends a call left open (two voicemails talking) before it runs up minutes. */
export const CALL_TIME_LIMIT_SECONDS = 2 * 60 * 60;

/**
 * A capped call's limit, in SQL (the statement that sets a trial call's minutes aside): two hours, or
 * less when that is all the trial has left (billing's call allowance). An uncapped call gets two hours.
 */
export const callTimeLimitSql = (allowance: SQL) =>
  sql<number>`least(${CALL_TIME_LIMIT_SECONDS}, ${allowance})`;

/**
 * A trial call's allotment (calls/allotments.ts) lasts this long until a report about the call
 * arrives: Twilio reports a call it put through within seconds, so one never reported (the caller
 * hung up before the <Dial>, our answer never reached Twilio) soon stops holding the trial's minutes.
 */
export const UNREPORTED_ALLOTMENT_SECONDS = 3 * 60;

/**
 * Once reported, a trial call's allotment outlasts its time limit by this much: the ringing and the
 * prompt before the talk, and the end report's way back. After that a call whose end was never
 * reported no longer holds the trial's minutes.
 */
export const ALLOTMENT_GRACE_SECONDS = 5 * 60;

/**
 * How long the user's own phone rings for a click-to-call. They have just pressed Call, so they
 * answer within a few rings; a carrier's voicemail picks up after about 20–30 s, and once it does
 * the first leg is answered and billed (the prompt played into it). Giving up at 15 s lets a
 * missed first leg end unanswered, at no cost.
 */
export const FIRST_LEG_TIMEOUT_SECONDS = 15;

/** How long the "press 1" prompt waits for a key once it has been said. */
export const KEY_PRESS_TIMEOUT_SECONDS = 10;

/**
 * After this long a click-to-call that never connected has surely ended (its phone rang out, the
 * prompt timed out, the recipient rang out): it no longer holds the account's one-call slot, even if
 * its last status report never arrived.
 */
export const UNCONNECTED_CALL_HOLD_SECONDS = 3 * 60;

/**
 * Click-to-calls a trial may place a day (UTC) that talk to nobody (unanswered, busy, cancelled at
 * the prompt): each costs us a billed first leg and counts no minute (calls/trial-attempts.ts).
 */
export const TRIAL_UNCONNECTED_CALLS_PER_DAY = 20;
