// Every limit's figure, in one place; docs/reliability.md gives the reasoning behind each.

export interface Window {
  points: number;
  seconds: number;
}

/** Click-to-calls an account may place: a busy salesperson makes ~30 an hour, ~150 a day. */
export const CALLS_PER_HOUR: Window = { points: 60, seconds: 3600 };
export const CALLS_PER_DAY: Window = { points: 300, seconds: 86_400 };
/** Minutes of click-to-calls an account may talk in a UTC day: ten hours. */
export const CALL_MINUTES_PER_DAY = 600;

/** Number searches per client address: onboarding needs a handful. */
export const SEARCHES_PER_MINUTE: Window = { points: 30, seconds: 60 };

/** Password reset emails per address: a lost mail or a typo, never a flood. */
export const RESETS_PER_HOUR: Window = { points: 5, seconds: 3600 };

/**
 * Failed sign-ins per email and client (its address, or its known-device cookie), over a 15-minute
 * window: the first 5 are free; each further one makes that client's next attempt wait twice as long
 * (1, 2, 4, 8, 16 s); the 10th locks that client out of that email for 15 minutes. Other clients of
 * the email are not held back by it.
 */
export const LOGIN = { window: 900, freeFailures: 5, lockAfter: 10, lockSeconds: 900 };
/** Failed sign-ins from one client address, whatever the emails: password spraying. */
export const LOGIN_PER_ADDRESS: Window = { points: 50, seconds: 900 };
/**
 * Failed sign-ins of one email from any client: guessing from many addresses. Past it, only a
 * known device of the account (or one that completed a password reset) may sign in to it.
 */
export const LOGIN_PER_ACCOUNT: Window = { points: 50, seconds: 3600 };
