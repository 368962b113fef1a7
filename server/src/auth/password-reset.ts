import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { passwordResets, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { passwordResetMail } from './password-reset-mail';
import { checkNewPassword, hashPassword } from './passwords';
import { findUserByEmail } from './service';
import { endSessions } from './sessions';
import { hashToken, newOpaqueToken } from './tokens';
import { authRefusals } from '../../../contract/refusals/auth';

const RESET_LINK_MS = 60 * 60 * 1000;

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer'>;

// The caller answers the same whatever the email (no account discovery); the mail is sent
// without awaiting it, so the answer never waits on, or fails with, the mail server.
export async function requestPasswordReset(
  deps: Deps,
  email: string,
  log: { error: (o: object, m: string) => void },
) {
  const user = await findUserByEmail(deps, email);
  if (!user) return;
  const { token, hash } = newOpaqueToken();
  await deps.db
    .insert(passwordResets)
    .values({ userId: user.id, tokenHash: hash, expiresAt: new Date(Date.now() + RESET_LINK_MS) });
  const link = `${deps.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  deps.mailer
    .send(passwordResetMail(user.email, user.name, link))
    .catch((error: unknown) => log.error({ err: error }, 'the password reset email could not be sent'));
}

// Single use: the token is consumed atomically, and every session of the account ends.
export async function resetPassword({ db }: Pick<Deps, 'db'>, token: string, password: string) {
  checkNewPassword(password);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const now = new Date();
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) {
      throw new HttpError(authRefusals.invalidResetToken);
    }
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, reset.userId))
      .returning({ email: users.email });
    const ended = await endSessions(tx, { userId: reset.userId });
    // Older links of the same account stop working too.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    // The caller clears the account's failed sign-ins (the new password works at once) and ends the
    // access tokens of the ended sessions.
    return { email: user.email, endedSessions: ended };
  });
}
