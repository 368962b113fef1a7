import { Redis } from 'ioredis';

// How long start-up waits for Redis to answer a PING before refusing to start.
const START_TIMEOUT_MS = 3000;

/** Where `url` points, without its credentials, for a sentence. */
const where = (url: URL) => `${url.hostname}:${url.port || 6379}`;

/**
 * REDIS_URL as the configuration gives it: a redis:// or rediss:// URL, required in production
 * (except for a sandbox demo, ALLOW_SANDBOX=true, on one node) so every node shares the limits.
 */
export function checkRedisUrl(value: string | undefined, required: boolean): string | undefined {
  if (!value) {
    if (required) {
      throw new Error(
        'Refusing to start in production without REDIS_URL: every API node must share the limits and ' +
          'the ended sessions. Set REDIS_URL=redis://host:6379.',
      );
    }
    return undefined;
  }
  const url = URL.parse(value);
  if (!url || !['redis:', 'rediss:'].includes(url.protocol)) {
    throw new Error('Invalid configuration: REDIS_URL must be a redis:// or rediss:// URL.');
  }
  return value;
}

/**
 * In production, refuses to start while Redis does not answer a PING within `ms`: a node that
 * starts without it would count its limits alone. Elsewhere the limits fall back to memory.
 */
export async function checkRedisAtStart(
  config: { production: boolean; redisUrl?: string },
  ms = START_TIMEOUT_MS,
): Promise<void> {
  if (!config.production || !config.redisUrl) return;
  const redis = new Redis(config.redisUrl, {
    lazyConnect: true,
    enableReadyCheck: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // The connection's own error says why (refused, unknown host) better than the rejection.
  let lastError: Error | undefined;
  redis.on('error', (error: Error) => (lastError = error));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer')), ms);
  });
  const answer = redis.connect().then(() => redis.ping());
  answer.catch(() => {}); // once the timeout has won, its failure is already told
  try {
    await Promise.race([answer, timeout]);
  } catch (error) {
    const why = lastError ?? error;
    const reason = why instanceof Error ? why.message : String(why);
    throw new Error(
      `Refusing to start: Redis at ${where(new URL(config.redisUrl))} did not answer within ${ms} ms (${reason}).`,
      { cause: error },
    );
  } finally {
    clearTimeout(timer);
    redis.disconnect();
  }
}
