// The rules for a new password (sign-up, reset), with the sentences people see: the server refuses
// with them, the mock API alike, and the web app checks them before sending.

export const PASSWORD_MIN_LENGTH = 10;

/**
 * The lowest strength estimate accepted (zxcvbn's score, 0–4: 2 means about a million guesses or
 * more). It refuses the common-passwords list, keyboard walks and repeats such as `password12`,
 * `1234567890` or `qwertyuiop`, and lets any ordinary passphrase through.
 */
export const MIN_PASSWORD_SCORE = 2;

/** Shown beside the password field where a new one is chosen. */
export const PASSWORD_RULES = `At least ${PASSWORD_MIN_LENGTH} characters, not only spaces, and not a common or easily guessed password.`;

export const PASSWORD_PROBLEMS = {
  // The same sentence as the request schema's minimum length (contract/auth.ts).
  short: `The password field must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  blank: 'The password must not be only spaces.',
  weak: 'This password is too common or easy to guess. Please choose another.',
} as const;

/**
 * Why `password` cannot be a new password, or null. `score` is the strength estimate
 * (rules/password-strength.ts), passed in so the web app can load its word lists only when needed.
 */
export function passwordProblem(password: string, score: (password: string) => number): string | null {
  if (!password.trim()) return PASSWORD_PROBLEMS.blank;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_PROBLEMS.short;
  return score(password) < MIN_PASSWORD_SCORE ? PASSWORD_PROBLEMS.weak : null;
}
