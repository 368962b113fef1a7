import type { FastifyInstance } from 'fastify';
import { PassThrough } from 'node:stream';
import type { Config } from '../config';
import { CallEventHub, type CallEvents } from './call-events';
import { callEventsRoute } from './schemas';
import { callEventText } from '../../../contract/calls';

declare module 'fastify' {
  interface FastifyInstance {
    callEvents: CallEventHub;
  }
}

/** A comment line this often keeps proxies from closing a quiet stream (most give up after 30–60 s). */
export const HEARTBEAT_MS = 25_000;

/** Installs the node's call events; call after installLimits, whose Redis connection it shares. */
export function installCallEvents(app: FastifyInstance, config: Pick<Config, 'redisPrefix'>) {
  const hub = new CallEventHub(app.limits.store.redis, config.redisPrefix, app.log);
  app.decorate('callEvents', hub);
  app.addHook('onReady', () => hub.ready(2000));
  app.addHook('onClose', async () => hub.close());
}

/**
 * The one way code outside Fastify's hooks reaches the node's call events: the deps the app's routes
 * and a server process's jobs are given publish through them, so a call either changes shows in open
 * histories.
 */
export const publishingCallEvents = <D extends object>(deps: D, app: FastifyInstance) => ({
  ...deps,
  callEvents: app.callEvents as CallEvents,
});

/**
 * GET /api/dashboard/call-events (beyond the spec): a server-sent event stream telling the signed-in
 * account's open call history that one of its calls was recorded or changed, `event: call` with
 * `data: {"id":"<call id>"}` and nothing else about the call (the history reloads its page through
 * GET /dashboard/calls). A comment line every 25 s keeps it open. The streams end when the node
 * closes (SIGTERM's drain): the browser reconnects, through the load balancer, to another node.
 */
export async function callEventRoutes(app: FastifyInstance) {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.route({
    ...callEventsRoute,
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      const stream = new PassThrough();
      const unsubscribe = app.callEvents.subscribe(request.userId, (id) =>
        stream.write(callEventText({ id })),
      );
      const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), HEARTBEAT_MS);
      const end = () => {
        if (!open.delete(end)) return;
        clearInterval(heartbeat);
        unsubscribe();
        app.callEvents.streams--;
        stream.end();
      };
      open.add(end);
      app.callEvents.streams++;
      request.raw.on('close', end);
      // The first line sends the headers at once, so the browser knows the stream is open.
      stream.write(': open\n\n');
      return reply.type('text/event-stream').header('x-accel-buffering', 'no').send(stream);
    },
  });
}
