import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { isUniqueViolation } from '../db/errors';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { checkNewPassword, hashPassword, passwordMatches } from './passwords';
import { endSessions, rotateRefreshToken, sessionOfRefreshToken, startSession } from './sessions';
import type { BodyOf } from '../../../contract/endpoint';
import type { authEndpoints } from '../../../contract/endpoints/auth';
import { type AccessClaims, signAccessToken } from './tokens';
import { authRefusals } from '../../../contract/refusals/auth';

type Deps = Pick<AppDeps, 'db' | 'config'>;

type Registration = BodyOf<typeof authEndpoints.register>;

const invalidLogin = () => new HttpError(authRefusals.invalidCredentials);
const invalidSession = () => new HttpError(authRefusals.sessionEnded);

export async function register({ db }: Deps, input: Registration) {
  if (!input.acceptTerms) {
    throw new HttpError(authRefusals.termsNotAccepted);
  }
  const name = input.name.trim();
  if (!name) throw new HttpError(authRefusals.nameRequired);
  checkNewPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  try {
    const [user] = await db
      .insert(users)
      .values({ name, email: input.email, passwordHash, termsAcceptedAt: new Date() })
      .returning({ id: users.id, name: users.name, email: users.email });
    return user;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new HttpError(authRefusals.emailTaken);
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
  const { sessionId, refreshToken } = await startSession(deps.db, user.id);
  const accessToken = await signAccessToken(deps.config.jwtSecret, { userId: user.id, sessionId });
  return { access_token: accessToken, refresh_token: refreshToken };
}

/**
 * Trades a refresh token for an access token and the next refresh token. `onReuse` hears of a
 * session ended because its token was used twice.
 */
export async function refresh(deps: Deps, token: string, onReuse: (sessionId: string) => Promise<void>) {
  const rotation = await rotateRefreshToken(deps.db, token);
  if (rotation.outcome === 'reused') await onReuse(rotation.sessionId);
  if (rotation.outcome !== 'rotated') throw invalidSession();
  const accessToken = await signAccessToken(deps.config.jwtSecret, rotation);
  return { access_token: accessToken, refresh_token: rotation.refreshToken };
}

/**
 * Ends the session of the access token, and the session of the refresh token: either one is
 * enough, so an expired access token still signs out. With both, the refresh token must be the
 * same user's. Answers the sessions ended, or null when neither token named a session.
 */
export async function logout(
  { db }: Pick<Deps, 'db'>,
  claims: AccessClaims | null,
  refreshToken?: string,
): Promise<string[] | null> {
  const ofToken = refreshToken ? await sessionOfRefreshToken(db, refreshToken) : undefined;
  if (!claims && !ofToken) return null;
  const ended = claims ? await endSessions(db, claims) : [];
  if (ofToken && (!claims || ofToken.userId === claims.userId))
    ended.push(...(await endSessions(db, ofToken)));
  return ended;
}
