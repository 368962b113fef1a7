import { PassThrough } from 'node:stream';
import type { RoutesPlugin } from '../deps';
import { callEventsRoute } from './schemas';
import { callEventText } from '../../../contract/calls';

/** A comment line this often keeps proxies from closing a quiet stream (most give up after 30–60 s). */
export const HEARTBEAT_MS = 25_000;

/**
 * GET /api/dashboard/call-events (beyond the spec): a server-sent event stream telling the signed-in
 * account's open call history that one of its calls was recorded or changed, `event: call` with
 * `data: {"id":"<call id>"}` and nothing else about the call (the history reloads its page through
 * GET /dashboard/calls). A comment line every 25 s keeps it open. The streams end when the node
 * closes (SIGTERM's drain): the browser reconnects, through the load balancer, to another node.
 */
export const callEventRoutes: RoutesPlugin = async (app, { deps: { callEvents } }) => {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.route({
    ...callEventsRoute,
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      const stream = new PassThrough();
      const unsubscribe = callEvents.subscribe(request.userId, (id) => stream.write(callEventText({ id })));
      const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), HEARTBEAT_MS);
      const end = () => {
        if (!open.delete(end)) return;
        clearInterval(heartbeat);
        unsubscribe();
        callEvents.streams--;
        stream.end();
      };
      open.add(end);
      callEvents.streams++;
      request.raw.on('close', end);
      // The first line sends the headers at once, so the browser knows the stream is open.
      stream.write(': open\n\n');
      return reply.type('text/event-stream').header('x-accel-buffering', 'no').send(stream);
    },
  });
};
