import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import { bearerToken, verifyAccessToken } from './tokens';

declare module 'fastify' {
  interface FastifyInstance {
    // preHandler for routes that need a signed-in user; sets request.userId.
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
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    const claims = token ? await verifyAccessToken(jwtSecret, token) : null;
    if (!claims) throw new HttpError(401, 'unauthorized', 'Your session has expired. Please sign in again.');
    request.userId = claims.userId;
    request.sessionId = claims.sessionId;
  });
}
