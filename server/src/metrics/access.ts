import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Whether `request` may read /metrics: with `Authorization: Bearer <METRICS_TOKEN>` when a token
 * is set, or from the loopback address without a proxy in between. A request a proxy on this
 * machine passed on carries X-Forwarded-For, so the loopback rule never opens metrics to the public.
 */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  const authorization = request.headers.authorization;
  if (token && authorization) return sameText(authorization, `Bearer ${token}`);
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && !request.headers['x-forwarded-for'];
}

function sameText(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}
