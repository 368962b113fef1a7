import { db, newId, userByEmail } from './db';

// Opaque tokens: the mock only needs to know who holds them, not to sign anything.

export function issueAccessToken(userId: string) {
  const token = `mock-access.${newId(userId)}`;
  db.accessTokens[token] = userId;
  return token;
}

export function issueRefreshToken(userId: string) {
  const token = `mock-refresh.${newId(userId)}`;
  db.refreshTokens[token] = userId;
  return token;
}

/** A fresh, valid token pair for a seeded user, e.g. to start a test signed in. */
export function issueTokens(email: string) {
  const { id } = userByEmail(email);
  return { access_token: issueAccessToken(id), refresh_token: issueRefreshToken(id) };
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

/** Refresh tokens of a user stop working too (e.g. after a password reset). */
export function revokeAllTokens(userId: string) {
  for (const table of [db.accessTokens, db.refreshTokens]) {
    for (const [token, owner] of Object.entries(table)) if (owner === userId) delete table[token];
  }
}
