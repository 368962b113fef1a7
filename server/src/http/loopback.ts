import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * True for a request made on the server's own machine: a loopback client address and no
 * forwarding header (a proxy on the same machine relays other people's requests).
 */
export function fromLoopback(request: FastifyRequest): boolean {
  return LOOPBACK.test(request.ip) && request.headers['x-forwarded-for'] === undefined;
}
