import { hash, verify } from '@node-rs/argon2';
import { passwordScore } from '../../../rules/password-strength';
import { passwordProblem } from '../../../rules/passwords';
import { HttpError } from '../http/errors';
import { authRefusals } from '../../../contract/refusals/auth';

/** Refuses a new password (sign-up, reset) that breaks the shared rules, with the rule's sentence. */
export function checkNewPassword(password: string) {
  const problem = passwordProblem(password, passwordScore);
  if (problem) throw new HttpError(authRefusals.weakPassword(problem));
}

// @node-rs/argon2 hashes with Argon2id by default (OWASP's recommended parameters).
export const hashPassword = (password: string) => hash(password);

let decoy: Promise<string> | undefined;

// Checks a password; without a stored hash it still spends the time of one verification,
// so an unknown email cannot be told apart from a wrong password by timing.
export async function passwordMatches(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash) return verify(storedHash, password);
  decoy ??= hash('decoy password that never matches');
  await verify(await decoy, password);
  return false;
}
