import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const HEADER = 'x-request-id';
// What a proxy's id may be (nginx's $request_id, a UUID, a trace id); anything else is replaced.
const VALID = /^[A-Za-z0-9\-_.]{1,128}$/;

/**
 * Fastify's options for request ids: the proxy's X-Request-Id when it is well-formed, so one id
 * follows a request through the proxy's log and ours; a new UUID otherwise.
 */
export const requestIdOptions = {
  requestIdHeader: false as const,
  genReqId(request: IncomingMessage): string {
    const given = request.headers[HEADER];
    return typeof given === 'string' && VALID.test(given) ? given : randomUUID();
  },
};

/** Returns each request's id on its answer, so a client or the proxy can quote it. */
export function returnRequestId(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(HEADER, request.id);
  });
}
