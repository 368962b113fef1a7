import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

/** Whether this node is shutting down: /api/health/ready answers 503 from the moment it starts. */
export interface Drain {
  readonly draining: boolean;
  start(): void;
}

/**
 * Installs the node's drain state. While draining, every answer says `Connection: close`, so clients
 * and proxies leave their keep-alive connections after the request they sent rather than reuse one
 * the server is about to close (a request written onto a closing socket is reset).
 */
export function installDrain(app: FastifyInstance): Drain {
  let draining = false;
  const drain: Drain = {
    get draining() {
      return draining;
    },
    start: () => void (draining = true),
  };
  app.decorate('drain', drain);
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  return drain;
}
