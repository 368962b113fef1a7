import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type IRateLimiterOptions,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Window } from './rules';

export interface LimiterLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

// A limit answers in the time of a Redis round trip: past this (REDIS_COMMAND_TIMEOUT_MS), Redis
// counts as hung and the counter falls back to memory, so a hung Redis never holds a request long.
export const REDIS_COMMAND_TIMEOUT_MS = 100;

// What a Redis counter asks of its insurance limiter when a command fails.
const INSURED = ['consume', 'penalty', 'reward', 'get', 'set', 'block', 'delete'] as const;

/** The in-memory counter a Redis counter falls back to: each use means Redis failed a command. */
function fallbackCounter(options: IRateLimiterOptions, used: () => void): RateLimiterMemory {
  const memory = new RateLimiterMemory(options);
  for (const method of INSURED) {
    const answer = memory[method].bind(memory) as (...args: unknown[]) => unknown;
    memory[method] = ((...args: unknown[]) => {
      used();
      return answer(...args);
    }) as never;
  }
  return memory;
}

/**
 * Makes the counters of every limit: in Redis when REDIS_URL is set (shared by all API nodes),
 * in this process's memory otherwise. Should Redis be unreachable or hung, each Redis counter
 * falls back to an in-memory one within REDIS_COMMAND_TIMEOUT_MS, so limits still hold per
 * process; `inMemory` says so (the forwardly_limits_in_memory metric), and the log says it once
 * each time the limits leave Redis and once when they come back.
 */
export class CounterStore {
  // Also carries the news of ended sessions between nodes (auth/redis-session-bus.ts).
  readonly redis?: Redis;
  // True while the limits count per process: without Redis, or until it is ready again.
  inMemory = true;
  private warned = false;

  constructor(
    redisUrl: string | undefined,
    private readonly prefix: string,
    private readonly log: LimiterLog,
    commandTimeoutMs = REDIS_COMMAND_TIMEOUT_MS,
  ) {
    if (!redisUrl) return;
    this.redis = new Redis(redisUrl, {
      // Commands are refused at once while disconnected; the counters' fallback answers instead.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 1000,
      commandTimeout: commandTimeoutMs,
      // Closing (at shutdown) waits this long at most for a hung Redis to end the connection.
      disconnectTimeout: 200,
    });
    this.redis.on('error', (err: Error) => this.leftRedis(err.message));
    this.redis.on('ready', () => {
      this.inMemory = false;
      if (this.warned) this.log.info({}, 'Redis reachable again: limits are shared by every node');
      this.warned = false;
    });
  }

  counter(name: string, window: Window): RateLimiterAbstract {
    const options = { keyPrefix: `${this.prefix}:${name}`, points: window.points, duration: window.seconds };
    const redis = this.redis;
    if (!redis) return new RateLimiterMemory(options);
    const fallback = fallbackCounter(options, () => {
      this.leftRedis('a command failed or timed out');
      // A command that timed out on a connection that looks ready: drop it (a hung connection has
      // nothing to end gracefully), so the next requests fall back at once, not after a timeout
      // each, until a new connection passes its ready check.
      if (redis.status === 'ready') redis.stream.destroy();
    });
    return new RateLimiterRedis({
      ...options,
      storeClient: redis,
      rejectIfRedisNotReady: true,
      insuranceLimiter: fallback,
    });
  }

  private leftRedis(reason: string) {
    this.inMemory = true;
    if (!this.warned) this.log.warn({ reason }, 'Redis unreachable: limits count in memory, per node');
    this.warned = true;
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
