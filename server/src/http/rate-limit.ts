import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { HttpError } from './errors';

// Limits requests per client IP and route, for the routes of the plugin it is registered in. With
// REDIS_URL the counters are shared by every API node; otherwise each process counts in memory.
export async function limitRequests(app: FastifyInstance, config: Config, max: number) {
  const redis = config.redisUrl ? new Redis(config.redisUrl, { connectTimeout: 500 }) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    max,
    timeWindow: '1 minute',
    redis,
    keyGenerator: (request) => `${request.ip} ${request.routeOptions.url}`,
    errorResponseBuilder: () =>
      new HttpError(429, 'too_many_requests', 'Too many attempts. Please wait a minute and try again.'),
  });
}
