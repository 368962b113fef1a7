import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { passwordChangedMail } from './password-changed-mail';
import { checkNewPassword, hashPassword, passwordMatches } from './passwords';
import { endSessions } from './sessions';
import { authRefusals } from '../../../contract/refusals/auth';

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer'>;

const wrongPassword = () => new HttpError(authRefusals.wrongCurrentPassword);
export const isWrongCurrentPassword = (error: unknown) =>
  error instanceof HttpError && error.code === authRefusals.wrongCurrentPassword.code;

/**
 * Replaces the password of a signed-in account once its current password is given. Every other
 * session of the account ends (a thief signed in elsewhere is out); the one asking stays signed in.
 * The owner is mailed without the answer waiting on the mail server. Answers the sessions ended.
 */
export async function changePassword(
  deps: Deps,
  who: { userId: string; sessionId: string },
  input: { current: string; next: string },
  // Runs the password check under the sign-in limits of the account's email (limits.ts `login`).
  guard: (email: string, check: () => Promise<void>) => Promise<void>,
  log: FastifyBaseLogger,
): Promise<string[]> {
  const { db } = deps;
  const [user] = await db.select().from(users).where(eq(users.id, who.userId));
  if (!user) throw wrongPassword();
  await guard(user.email, async () => {
    if (!(await passwordMatches(user.passwordHash, input.current))) throw wrongPassword();
  });
  checkNewPassword(input.next);
  const passwordHash = await hashPassword(input.next);
  const ended = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, who.userId));
    return endSessions(tx, { userId: who.userId, except: who.sessionId });
  });
  deps.mailer
    .send(passwordChangedMail(user.email, user.name, deps.config.appUrl))
    .catch((error: unknown) => log.error({ err: error }, 'the password changed email could not be sent'));
  return ended;
}
