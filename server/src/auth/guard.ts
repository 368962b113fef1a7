import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import { bearerToken, verifyAccessToken } from './tokens';
import { rememberVerified } from './verified-tokens';

declare module 'fastify' {
  interface FastifyInstance {
    // Hook for routes that need a signed-in user; sets request.userId. Use it as `onRequest`
    // so a signed-out caller gets 401 before any validation of its input.
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    userId: string;
    sessionId: string;
  }
}

export function installAuthGuard(app: FastifyInstance, jwtSecret: string) {
  app.decorateRequest('userId', '');
  app.decorateRequest('sessionId', '');
  const verify = rememberVerified((token) => verifyAccessToken(jwtSecret, token));
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    const claims = token ? await verify(token) : null;
    if (!claims) throw new HttpError(401, 'unauthorized', 'Your session has expired. Please sign in again.');
    request.userId = claims.userId;
    request.sessionId = claims.sessionId;
  });
}
