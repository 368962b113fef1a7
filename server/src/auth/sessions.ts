import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { refreshTokens, sessions } from '../db/schema';
import { hashToken, newOpaqueToken } from './tokens';

/**
 * Two tabs share one refresh token and may both refresh at the same moment: the second use of a
 * token within this many seconds gets a token of its own instead of ending the session.
 */
export const REUSE_GRACE_SECONDS = 10;

/** A session ends this long after sign-in, however often it refreshes (ASVS 3.3.1, absolute lifetime). */
export const SESSION_DAYS = 30;
/** A session whose latest refresh token goes unused this long ends (ASVS 3.3.2, idle timeout). */
export const IDLE_DAYS = 7;

const DAY_MS = 86_400_000;
const sessionEnd = (startedAt: Date) => new Date(startedAt.getTime() + SESSION_DAYS * DAY_MS);

// Each refresh token lives IDLE_DAYS, never past the end of its session: refreshing cannot slide it.
async function issueRefreshToken(db: Db | Tx, sessionId: string, startedAt: Date, now: Date) {
  const { token, hash } = newOpaqueToken();
  const idleEnd = new Date(now.getTime() + IDLE_DAYS * DAY_MS);
  const expiresAt = idleEnd < sessionEnd(startedAt) ? idleEnd : sessionEnd(startedAt);
  await db.insert(refreshTokens).values({ sessionId, tokenHash: hash, expiresAt });
  return token;
}

export async function startSession(db: Db, userId: string) {
  // The app's clock, not the database's, starts the session: its lifetime is counted by the same clock.
  const now = new Date();
  const [session] = await db
    .insert(sessions)
    .values({ userId, createdAt: now })
    .returning({ id: sessions.id });
  return { sessionId: session.id, refreshToken: await issueRefreshToken(db, session.id, now, now) };
}

type Rotation =
  | { outcome: 'rotated'; userId: string; sessionId: string; refreshToken: string }
  | { outcome: 'reused'; sessionId: string }
  | { outcome: 'invalid' };

/**
 * Trades a refresh token for a new one of the same session. A token used before (past the grace)
 * was copied: the whole session ends, for its thief and its owner alike.
 */
export function rotateRefreshToken(db: Db, token: string): Promise<Rotation> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        sessionId: refreshTokens.sessionId,
        usedAt: refreshTokens.usedAt,
        expiresAt: refreshTokens.expiresAt,
        userId: sessions.userId,
        revokedAt: sessions.revokedAt,
        startedAt: sessions.createdAt,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
      .for('update', { of: refreshTokens });
    if (!row || row.revokedAt || row.expiresAt <= now || sessionEnd(row.startedAt) <= now) {
      return { outcome: 'invalid' };
    }
    if (row.usedAt && now.getTime() - row.usedAt.getTime() > REUSE_GRACE_SECONDS * 1000) {
      await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, row.sessionId));
      return { outcome: 'reused', sessionId: row.sessionId };
    }
    if (!row.usedAt) await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
    const refreshToken = await issueRefreshToken(tx, row.sessionId, row.startedAt, now);
    return { outcome: 'rotated', userId: row.userId, sessionId: row.sessionId, refreshToken };
  });
}

/** The session and owner of a refresh token, used or not, as long as the session is live. */
export async function sessionOfRefreshToken(db: Db, token: string) {
  const [row] = await db
    .select({ sessionId: sessions.id, userId: sessions.userId })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(and(eq(refreshTokens.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
  return row;
}

/**
 * Ends sessions (one, or every one of the user, or every one but `except`); answers the ids of those
 * it ended.
 */
export async function endSessions(
  db: Db | Tx,
  which: { userId: string; sessionId?: string; except?: string },
): Promise<string[]> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, which.userId),
        which.sessionId ? eq(sessions.id, which.sessionId) : undefined,
        which.except ? ne(sessions.id, which.except) : undefined,
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return ended.map((s) => s.id);
}
