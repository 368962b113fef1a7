import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Window } from './rules';

export interface LimiterLog {
  warn(details: object, message: string): void;
}

/**
 * Makes the counters of every limit: in Redis when REDIS_URL is set (shared by all API nodes),
 * in this process's memory otherwise. Should Redis be unreachable, each Redis counter falls back
 * to an in-memory one at once (never waiting on Redis), so limits still hold per process.
 */
export class CounterStore {
  // Also carries the news of ended sessions between nodes (auth/redis-session-bus.ts).
  readonly redis?: Redis;

  constructor(
    redisUrl: string | undefined,
    private readonly prefix: string,
    log: LimiterLog,
  ) {
    if (!redisUrl) return;
    this.redis = new Redis(redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 1000,
    });
    let reported = false;
    this.redis.on('error', (err: Error) => {
      if (!reported) log.warn({ err: { message: err.message } }, 'Redis unreachable: limits count in memory');
      reported = true;
    });
    this.redis.on('ready', () => (reported = false));
  }

  counter(name: string, window: Window): RateLimiterAbstract {
    const options = { keyPrefix: `${this.prefix}:${name}`, points: window.points, duration: window.seconds };
    const memory = new RateLimiterMemory(options);
    if (!this.redis) return memory;
    return new RateLimiterRedis({
      ...options,
      storeClient: this.redis,
      rejectIfRedisNotReady: true,
      insuranceLimiter: memory,
    });
  }

  /** Waits (at most `ms`) for Redis to connect, so the first requests already share counters. */
  async ready(ms = 2000): Promise<void> {
    const redis = this.redis;
    if (!redis || redis.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        redis.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      redis.once('ready', done);
    });
  }

  async close(): Promise<void> {
    if (this.redis) this.redis.disconnect();
  }
}
