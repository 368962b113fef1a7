import { hash, verify } from '@node-rs/argon2';

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
