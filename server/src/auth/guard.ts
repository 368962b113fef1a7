import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { LiveSessions } from './live-sessions';
import { redisSessionBus } from './redis-session-bus';
import { type AccessClaims, bearerToken, verifyAccessToken } from './tokens';
import { rememberVerified } from './verified-tokens';
import { httpRefusals } from '../../../contract/refusals/http';

declare module 'fastify' {
  interface FastifyInstance {
    // Hook for routes that need a signed-in user; sets request.userId. Use it as `onRequest`
    // so a signed-out caller gets 401 before any validation of its input.
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    // The claims of a well-signed, unexpired access token, whether or not its session still runs.
    accessClaims: (authorization: string | undefined) => Promise<AccessClaims | null>;
    // Which sessions run; tell it when sessions end so their access tokens stop at once.
    sessions: LiveSessions;
  }
  interface FastifyRequest {
    userId: string;
    sessionId: string;
  }
}

/** Installs the guard; call after installLimits, whose Redis connection it shares. */
export function installAuthGuard(app: FastifyInstance, { db, config }: Pick<AppDeps, 'db' | 'config'>) {
  const redis = app.limits.store.redis;
  const sessions = new LiveSessions(db, redis && redisSessionBus(redis, config.redisPrefix, app.log));
  app.decorate('sessions', sessions);
  app.addHook('onReady', () => sessions.ready());
  app.addHook('onClose', () => sessions.close());

  app.decorateRequest('userId', '');
  app.decorateRequest('sessionId', '');
  const verify = rememberVerified((token) => verifyAccessToken(config.jwtSecret, token));
  app.decorate('accessClaims', async (authorization: string | undefined) => {
    const token = bearerToken(authorization);
    return token ? verify(token) : null;
  });
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const claims = await app.accessClaims(request.headers.authorization);
    if (!claims || !(await sessions.isLive(claims.sessionId))) {
      throw new HttpError(httpRefusals.sessionExpired);
    }
    request.userId = claims.userId;
    request.sessionId = claims.sessionId;
  });
}
