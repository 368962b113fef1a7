import { db, newId, userByEmail } from './db';

// Opaque tokens: the mock only needs to know who holds them, not to sign anything. Each names its
// session (`mock-access.<session>.<n>`), so a password change can end the other sessions only.

export const newSession = (userId: string) => newId(userId);

export function issueAccessToken(userId: string, session = newSession(userId)) {
  const token = `mock-access.${session}.${db.nextId++}`;
  db.accessTokens[token] = userId;
  return token;
}

export function issueRefreshToken(userId: string, session = newSession(userId)) {
  const token = `mock-refresh.${session}.${db.nextId++}`;
  db.refreshTokens[token] = userId;
  return token;
}

/** The session a token was issued to. */
export const sessionOf = (token: string) => token.split('.')[1];

/** A fresh, valid token pair (one session) for a seeded user, e.g. to start a test signed in. */
export function issueTokens(email: string) {
  const { id } = userByEmail(email);
  const session = newSession(id);
  return { access_token: issueAccessToken(id, session), refresh_token: issueRefreshToken(id, session) };
}

export const bearerOf = (request: Request) =>
  request.headers.get('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1] ?? null;

export const userIdForAccess = (token: string | null) => (token ? (db.accessTokens[token] ?? null) : null);
export const userIdForRefresh = (token: string | null) => (token ? (db.refreshTokens[token] ?? null) : null);

/** Every access token issued so far stops working, so the next protected call answers 401 and the client
 * must refresh; refresh tokens stay valid. */
export function expireAccessTokens() {
  db.accessTokens = {};
}

/** Every token of a user stops working (e.g. after a password reset), or all but those of `keep`'s session. */
export function revokeAllTokens(userId: string, keep?: string) {
  for (const table of [db.accessTokens, db.refreshTokens]) {
    for (const [token, owner] of Object.entries(table))
      if (owner === userId && (!keep || sessionOf(token) !== keep)) delete table[token];
  }
}
