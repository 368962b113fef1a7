import { HttpResponse } from 'msw';
import { passwordScore } from '../../rules/password-strength';
import { passwordProblem } from '../../rules/passwords';
import { db, findUserByEmail, newId } from '../db';
import { refuse, authRoute, publicRoute } from '../route';
import { authEndpoints } from '../../contract/endpoints/auth';
import {
  bearerOf,
  issueAccessToken,
  issueRefreshToken,
  newSession,
  revokeAllTokens,
  sessionOf,
  userIdForAccess,
  userIdForRefresh,
} from '../tokens';
import { httpRefusals } from '../../contract/refusals/http';
import { authRefusals } from '../../contract/refusals/auth';

// The route's schema has checked every field (contract/endpoints/, mocks/route.ts) before a handler
// runs; the handlers keep the server's own rules and sentences.

/** The server's refusal of a new password that breaks the shared rules (rules/passwords.ts). */
const weakPassword = (password: string) => {
  const problem = passwordProblem(password, passwordScore);
  return problem ? refuse(authRefusals.weakPassword(problem)) : null;
};
export const authHandlers = [
  publicRoute(authEndpoints.register, {
    handle: ({ body }) => {
      if (body.acceptTerms !== true) {
        return refuse(authRefusals.termsNotAccepted);
      }
      const [name, email, password] = [body.name.trim(), body.email.trim(), body.password];
      if (!name) return refuse(authRefusals.nameRequired);
      const weak = weakPassword(password);
      if (weak) return weak;
      if (findUserByEmail(email)) return refuse(authRefusals.emailTaken);
      const user = { id: newId('usr'), name, email, password };
      db.users.push(user);
      return { id: user.id, name, email };
    },
  }),

  publicRoute(authEndpoints.login, {
    handle: ({ body }) => {
      const user = findUserByEmail(body.email);
      if (!user || user.password !== body.password) {
        return refuse(authRefusals.invalidCredentials);
      }
      const session = newSession(user.id);
      return {
        access_token: issueAccessToken(user.id, session),
        refresh_token: issueRefreshToken(user.id, session),
      };
    },
  }),

  // The refresh token travels as the bearer; the body is empty. It works once: the answer carries the next.
  publicRoute(authEndpoints.refresh, {
    handle: ({ request }) => {
      const spent = bearerOf(request);
      const userId = userIdForRefresh(spent);
      if (!userId) return refuse(authRefusals.sessionEnded);
      delete db.refreshTokens[spent!];
      return {
        access_token: issueAccessToken(userId, sessionOf(spent!)),
        refresh_token: issueRefreshToken(userId, sessionOf(spent!)),
      };
    },
  }),

  // Either token ends the session, so an expired access token still signs out; with both, the refresh
  // token must be the same user's.
  publicRoute(authEndpoints.logout, {
    handle: ({ request, body }) => {
      const access = bearerOf(request);
      const refresh = body.refresh_token ?? '';
      const userId = userIdForAccess(access);
      const refreshOwner = userIdForRefresh(refresh);
      if (!userId && !refreshOwner) return refuse(httpRefusals.sessionExpired);
      if (userId) delete db.accessTokens[access!];
      if (refreshOwner && (!userId || refreshOwner === userId)) delete db.refreshTokens[refresh];
      return new HttpResponse(null, { status: 204 });
    },
  }),

  // Same answer whether or not the email is known, so the form reveals no accounts.
  publicRoute(authEndpoints.requestReset, {
    handle: ({ body }) => {
      const user = findUserByEmail(body.email);
      if (user) db.resetTokens[`mock-reset.${newId(user.id)}`] = { userId: user.id, used: false };
      return {
        message: 'If an account exists for this email, a reset link is on its way.',
      };
    },
  }),

  publicRoute(authEndpoints.resetPassword, {
    handle: ({ body }) => {
      const weak = weakPassword(body.password);
      if (weak) return weak;
      const reset = db.resetTokens[body.token];
      if (!reset || reset.used) {
        return refuse(authRefusals.invalidResetToken);
      }
      reset.used = true;
      db.users.find((user) => user.id === reset.userId)!.password = body.password;
      revokeAllTokens(reset.userId);
      return { message: 'Your password has been changed. Please sign in.' };
    },
  }),

  // As the server: the current password proves the owner; every other session ends, this one stays.
  authRoute(authEndpoints.changePassword, {
    handle: ({ body, userId, request }) => {
      const user = db.users.find((u) => u.id === userId)!;
      if (body.current_password !== user.password) {
        return refuse(authRefusals.wrongCurrentPassword);
      }
      const weak = weakPassword(body.new_password);
      if (weak) return weak;
      user.password = body.new_password;
      revokeAllTokens(userId, sessionOf(bearerOf(request)!));
      return { message: 'Your password has been changed.' };
    },
  }),
];
