import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import type { LimiterLog } from '../limits/store';

type Listener = (callId: string) => void;

const quiet: LimiterLog = { info: () => {}, warn: () => {} };

/**
 * "A call changed", per account, for the live call history (call-events-route.ts). With REDIS_URL it
 * goes through Redis pub/sub, so a webhook answered by one node reaches the streams open on every
 * node; without it, within this process. The message names the account and the call, never what the
 * call was. One per process, made where its deps are (main.ts) and closed by whoever made it: the
 * app's routes and the jobs publish through deps.callEvents.
 */
export class CallEventHub {
  private readonly local = new EventEmitter().setMaxListeners(0);
  private readonly channel: string;
  private readonly redis?: Redis;
  private readonly listener?: Redis;
  private readonly subscribed: Promise<void>;
  /** Streams open on this node (the forwardly_call_event_streams gauge). */
  streams = 0;

  constructor(
    config: Pick<Config, 'redisUrl' | 'redisPrefix' | 'redisCommandTimeoutMs'>,
    private log: LimiterLog = quiet,
  ) {
    this.channel = `${config.redisPrefix}:call-changed`;
    if (!config.redisUrl) {
      this.subscribed = Promise.resolve();
      return;
    }
    // Publishing waits no longer than a limit does (the same options as the limits' connection).
    const redis = new Redis(config.redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 1000,
      commandTimeout: config.redisCommandTimeoutMs,
      disconnectTimeout: 200,
    });
    this.redis = redis;
    redis.on('error', () => {});
    const connected = new Promise<void>((resolve) => redis.once('ready', () => resolve()));
    // A subscribed connection can do nothing else; no command timeout: it serves no request, and a
    // SUBSCRIBE cut by one would leave it deaf until it reconnects. It subscribes on every connect.
    const listener = redis.duplicate({ enableOfflineQueue: true, commandTimeout: undefined });
    this.listener = listener;
    listener.on('error', () => {});
    const subscribed = new Promise<void>((resolve) =>
      listener.on(
        'ready',
        () =>
          void listener.subscribe(this.channel).then(
            () => resolve(),
            () => {},
          ),
      ),
    );
    this.subscribed = Promise.all([connected, subscribed]).then(() => {});
    listener.on('message', (from: string, message: string) => {
      if (from !== this.channel) return;
      // Thrown in an event handler, a malformed message would end the process: it is dropped.
      const change = parsedChange(message);
      if (change) this.local.emit(change.userId, change.callId);
    });
  }

  /** Where its warnings go once the process has its logger. */
  logTo(log: LimiterLog) {
    this.log = log;
  }

  publish(userId: string, callId: string) {
    if (!this.redis) {
      this.local.emit(userId, callId);
      return;
    }
    this.redis.publish(this.channel, JSON.stringify({ userId, callId })).catch((err: Error) => {
      // This node's streams still hear it; other nodes' histories catch up on their next load.
      this.log.warn({ err: { message: err.message } }, 'Redis unreachable: call changes stay on this node');
      this.local.emit(userId, callId);
    });
  }

  /** Calls `listener` with the id of each of the account's calls that changes, until unsubscribed. */
  subscribe(userId: string, listener: Listener): () => void {
    this.local.on(userId, listener);
    return () => void this.local.off(userId, listener);
  }

  /** Resolves once Redis delivers to this node, or after `ms` (Redis down: start without it). */
  ready(ms: number) {
    return Promise.race([this.subscribed, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);
  }

  close() {
    this.listener?.disconnect();
    this.redis?.disconnect();
  }
}

function parsedChange(message: string): { userId: string; callId: string } | undefined {
  try {
    const { userId, callId } = JSON.parse(message) as Record<string, unknown>;
    return typeof userId === 'string' && typeof callId === 'string' ? { userId, callId } : undefined;
  } catch {
    return undefined;
  }
}
