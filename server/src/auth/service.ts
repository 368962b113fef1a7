import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { isUniqueViolation } from '../db/errors';
import { refreshTokens, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { hashPassword, passwordMatches } from './passwords';
import { hashToken, newOpaqueToken, REFRESH_TOKEN_DAYS, signAccessToken } from './tokens';

type Deps = Pick<AppDeps, 'db' | 'config'>;

export interface Registration {
  name: string;
  email: string;
  password: string;
  acceptTerms: boolean;
}

const invalidLogin = () => new HttpError(401, 'invalid_credentials', 'Invalid email or password.');
const invalidSession = () =>
  new HttpError(401, 'invalid_refresh_token', 'Your session has ended. Please sign in again.');

export async function register({ db }: Deps, input: Registration) {
  if (!input.acceptTerms) {
    throw new HttpError(400, 'terms_not_accepted', 'Please accept the terms of service and privacy policy.');
  }
  const name = input.name.trim();
  if (!name) throw new HttpError(400, 'bad_request', 'The name field is required.');
  const passwordHash = await hashPassword(input.password);
  try {
    const [user] = await db
      .insert(users)
      .values({ name, email: input.email.trim(), passwordHash, termsAcceptedAt: new Date() })
      .returning({ id: users.id, name: users.name, email: users.email });
    return user;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new HttpError(409, 'email_taken', 'An account with this email already exists. Please sign in.');
  }
}

export async function findUserByEmail({ db }: Pick<Deps, 'db'>, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return user;
}

export async function login(deps: Deps, email: string, password: string) {
  const user = await findUserByEmail(deps, email);
  if (!(await passwordMatches(user?.passwordHash, password)) || !user) throw invalidLogin();
  const { token, hash } = newOpaqueToken();
  const expiresAt = new Date(Date.now() + REFRESH_TOKEN_DAYS * 86_400_000);
  const [session] = await deps.db
    .insert(refreshTokens)
    .values({ userId: user.id, tokenHash: hash, expiresAt })
    .returning({ id: refreshTokens.id });
  const accessToken = await signAccessToken(deps.config.jwtSecret, {
    userId: user.id,
    sessionId: session.id,
  });
  return { access_token: accessToken, refresh_token: token };
}

export async function refresh(deps: Deps, refreshToken: string) {
  const [session] = await deps.db
    .select({ id: refreshTokens.id, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.tokenHash, hashToken(refreshToken)),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, new Date()),
      ),
    );
  if (!session) throw invalidSession();
  const accessToken = await signAccessToken(deps.config.jwtSecret, {
    userId: session.userId,
    sessionId: session.id,
  });
  return { access_token: accessToken };
}

// Ends the session the access token belongs to, and the session of `refreshToken` when given
// (only if it is the same user's).
export async function logout(
  { db }: Pick<Deps, 'db'>,
  userId: string,
  sessionId: string,
  refreshToken?: string,
) {
  const now = new Date();
  const mine = and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt));
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(mine, eq(refreshTokens.id, sessionId)));
  if (refreshToken) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(mine, eq(refreshTokens.tokenHash, hashToken(refreshToken))));
  }
}
