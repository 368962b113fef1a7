// A call's statuses and stages, written once for the server, the web app and the mocks (and free of
// imports, so the web app's bundle takes only these words).

/** Twilio's statuses of a call still under way. */
export const ACTIVE_CALL_STATUSES = ['queued', 'ringing', 'in-progress'] as const;

/** How a call ended, in Twilio's words. */
export const ENDED_CALL_STATUSES = ['completed', 'busy', 'no-answer', 'failed', 'canceled'] as const;

/** The statuses Twilio reports: in progress, then how it ended. */
export const TWILIO_CALL_STATUSES = [...ACTIVE_CALL_STATUSES, ...ENDED_CALL_STATUSES] as const;

/**
 * Once in one of these, a call never changes again: how it ended, or our own `blocked`, a call to the
 * number refused because the account has no service (a trial's minutes used up, a payment owed).
 */
export const FINAL_CALL_STATUSES = [...ENDED_CALL_STATUSES, 'blocked'] as const;

/** A call record's status. */
export const CALL_STATUSES = [...ACTIVE_CALL_STATUSES, ...FINAL_CALL_STATUSES] as const;

/** A click-to-call's steps: the user's phone rings, they press 1, the recipient rings, they talk. */
export const CALL_STAGES = ['calling_you', 'waiting_for_key', 'calling_recipient', 'connected'] as const;

export type CallStatus = (typeof CALL_STATUSES)[number];
export type CallStage = (typeof CALL_STAGES)[number];

export const isFinalCallStatus = (status: string) =>
  (FINAL_CALL_STATUSES as readonly string[]).includes(status);
