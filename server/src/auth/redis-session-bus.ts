import type { Redis } from 'ioredis';
import type { LimiterLog } from '../limits/store';
import type { SessionBus } from './live-sessions';

/**
 * The session bus over the Redis the limits use: publishes on their connection, listens on a second
 * one (a subscribed connection can do nothing else) that subscribes again each time it connects.
 */
export function redisSessionBus(redis: Redis, prefix: string, log: LimiterLog): SessionBus {
  const channel = `${prefix}:sessions-ended`;
  // No command timeout here: the listener serves no request, and a SUBSCRIBE cut by one (a busy
  // moment) would leave it deaf until it reconnects.
  const listener = redis.duplicate({ enableOfflineQueue: true, commandTimeout: undefined });
  listener.on('error', () => {});
  let subscribed: () => void;
  const firstSubscription = new Promise<void>((resolve) => (subscribed = resolve));
  listener.on(
    'ready',
    () =>
      void listener.subscribe(channel).then(
        () => subscribed(),
        () => {},
      ),
  );
  return {
    async publish(sessionIds) {
      await redis.publish(channel, JSON.stringify(sessionIds)).catch((err: Error) => {
        log.warn({ err: { message: err.message } }, 'Redis unreachable: other nodes see ended sessions late');
      });
    },
    subscribe(onEnded) {
      listener.on('message', (from: string, message: string) => {
        if (from === channel) onEnded(JSON.parse(message) as string[]);
      });
    },
    ready: (ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        void firstSubscription.then(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
    async close() {
      listener.disconnect();
    },
  };
}
