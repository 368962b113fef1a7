import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { limitRequests } from '../http/rate-limit';
import { requestPasswordReset, resetPassword } from './password-reset';
import {
  loginSchema,
  logoutSchema,
  refreshSchema,
  registerSchema,
  requestResetSchema,
  resetSchema,
} from './schemas';
import { login, logout, refresh, register, type Registration } from './service';
import { bearerToken } from './tokens';

export async function authRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  limitRequests(app, deps.config.authRateLimit);
  const wrongPassword = (error: unknown) =>
    error instanceof HttpError && error.code === 'invalid_credentials';

  app.post<{ Body: Registration }>('/register', { schema: registerSchema }, async (request, reply) => {
    reply.code(201);
    return register(deps, request.body);
  });

  app.post<{ Body: { email: string; password: string } }>('/login', { schema: loginSchema }, (request) =>
    app.limits.login(
      request.body.email,
      () => login(deps, request.body.email, request.body.password),
      wrongPassword,
    ),
  );

  app.post('/refresh', { schema: refreshSchema }, (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      throw new HttpError(401, 'invalid_refresh_token', 'Your session has ended. Please sign in again.');
    }
    return refresh(deps, token, (sessionId) => app.sessions.ended([sessionId]));
  });

  app.post<{ Body: { refresh_token?: string } }>(
    '/logout',
    { schema: logoutSchema },
    async (request, reply) => {
      const claims = await app.accessClaims(request.headers.authorization);
      const ended = await logout(deps, claims, request.body?.refresh_token);
      if (!ended) throw new HttpError(401, 'unauthorized', 'Your session has expired. Please sign in again.');
      await app.sessions.ended(ended);
      return reply.code(204).send();
    },
  );

  app.post<{ Body: { email: string } }>(
    '/request-reset-password',
    { schema: requestResetSchema },
    async (request) => {
      await app.limits.resetRequest(request.body.email);
      await requestPasswordReset(deps, request.body.email, request.log);
      return { message: 'If an account exists for this email, a reset link is on its way.' };
    },
  );

  app.post<{ Body: { token: string; password: string } }>(
    '/reset-password',
    { schema: resetSchema },
    async (request) => {
      const { email, endedSessions } = await resetPassword(deps, request.body.token, request.body.password);
      await app.sessions.ended(endedSessions);
      await app.limits.loginSucceeded(email);
      return { message: 'Your password has been changed. Please sign in.' };
    },
  );
}
