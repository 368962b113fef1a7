import type { RoutesPlugin } from '../deps';
import { HttpError } from '../http/errors';
import { limitRequests } from '../http/rate-limit';
import { changePassword, isWrongCurrentPassword } from './change-password';
import { knownDevices } from './known-devices';
import { requestPasswordReset, resetPassword } from './password-reset';
import {
  changePasswordRoute,
  loginRoute,
  logoutRoute,
  refreshRoute,
  registerRoute,
  requestResetRoute,
  resetRoute,
} from './schemas';
import { login, logout, refresh, register } from './service';
import { bearerToken } from './tokens';
import { httpRefusals } from '../../../contract/refusals/http';
import { authRefusals } from '../../../contract/refusals/auth';

export const authRoutes: RoutesPlugin = async (app, { deps }) => {
  limitRequests(app, deps.config.authRateLimit);
  const devices = knownDevices(deps.config);
  const wrongPassword = (error: unknown) =>
    error instanceof HttpError && error.code === authRefusals.invalidCredentials.code;

  app.route({
    ...registerRoute,
    handler: async (request, reply) => {
      reply.code(201);
      return register(deps, request.body);
    },
  });

  app.route({
    ...loginRoute,
    handler: async (request, reply) => {
      const { email, password } = request.body;
      const device = devices.of(request, email);
      const tokens = await app.limits.login(
        email,
        () => login(deps, email, password),
        wrongPassword,
        undefined,
        { address: request.ip, device },
      );
      devices.remember(reply, email, device);
      return tokens;
    },
  });

  app.route({
    ...refreshRoute,
    handler: (request) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) {
        throw new HttpError(authRefusals.sessionEnded);
      }
      return refresh(deps, token, (sessionId) => app.sessions.ended([sessionId]));
    },
  });

  app.route({
    ...logoutRoute,
    handler: async (request, reply) => {
      const claims = await app.accessClaims(request.headers.authorization);
      const ended = await logout(deps, claims, request.body?.refresh_token);
      if (!ended) throw new HttpError(httpRefusals.sessionExpired);
      await app.sessions.ended(ended);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...requestResetRoute,
    handler: async (request) => {
      await app.limits.resetRequest(request.body.email);
      await requestPasswordReset(deps, request.body.email, request.log);
      return { message: 'If an account exists for this email, a reset link is on its way.' };
    },
  });

  app.route({
    ...resetRoute,
    handler: async (request, reply) => {
      const { email, endedSessions } = await resetPassword(deps, request.body.token, request.body.password);
      await app.sessions.ended(endedSessions);
      await app.limits.loginSucceeded(email, { address: request.ip });
      // Whoever proved they own the mailbox is let in from this client, whatever its address did.
      devices.remember(reply, email);
      return { message: 'Your password has been changed. Please sign in.' };
    },
  });

  app.route({
    ...changePasswordRoute,
    onRequest: app.authenticate,
    handler: async (request) => {
      const ended = await changePassword(
        deps,
        request,
        { current: request.body.current_password, next: request.body.new_password },
        (email, check) =>
          app.limits.login(
            email,
            check,
            isWrongCurrentPassword,
            (wait) => `Too many wrong passwords. Please try again in ${wait}.`,
            { address: request.ip },
          ),
        request.log,
      );
      await app.sessions.ended(ended);
      return { message: 'Your password has been changed.' };
    },
  });
};
