import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { TooManyRequests } from '../http/errors';
import { CALLS_PER_DAY, CALLS_PER_HOUR, LOGIN, RESETS_PER_HOUR, SEARCHES_PER_MINUTE } from './rules';
import { CounterStore, type LimiterLog } from './store';

/** '45 seconds', '12 minutes', '3 hours': how long until a limit lets the person try again. */
export function inWords(seconds: number): string {
  const [amount, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

const INVALID_LOGIN = 'Invalid email or password.';
const emailKey = (email: string) => email.trim().toLowerCase();

/** The limits of one API process, over counters shared through Redis when it is configured. */
export class Limits {
  readonly store: CounterStore;
  private readonly callsHour: RateLimiterAbstract;
  private readonly callsDay: RateLimiterAbstract;
  private readonly searches: RateLimiterAbstract;
  private readonly resets: RateLimiterAbstract;
  private readonly loginFailures: RateLimiterAbstract;
  private readonly loginWait: RateLimiterAbstract;

  constructor(config: { redisUrl?: string; redisPrefix: string }, log: LimiterLog) {
    this.store = new CounterStore(config.redisUrl, config.redisPrefix, log);
    this.callsHour = this.store.counter('calls-hour', CALLS_PER_HOUR);
    this.callsDay = this.store.counter('calls-day', CALLS_PER_DAY);
    this.searches = this.store.counter('searches', SEARCHES_PER_MINUTE);
    this.resets = this.store.counter('resets', RESETS_PER_HOUR);
    this.loginFailures = this.store.counter('login-failures', {
      points: LOGIN.lockAfter,
      seconds: LOGIN.window,
    });
    this.loginWait = this.store.counter('login-wait', { points: 1, seconds: LOGIN.lockSeconds });
  }

  /** Takes `points` from `counter` for `key`, or throws 429 with `message(wait in words)`. */
  async take(counter: RateLimiterAbstract, key: string, message: (wait: string) => string, points = 1) {
    try {
      await counter.consume(key, points);
    } catch (refused) {
      if (!(refused instanceof RateLimiterRes)) throw refused;
      const seconds = Math.max(1, Math.ceil(refused.msBeforeNext / 1000));
      throw new TooManyRequests(seconds, message(inWords(seconds)));
    }
  }

  async search(address: string) {
    await this.take(
      this.searches,
      address,
      (wait) => `Too many number searches. Please try again in ${wait}.`,
    );
  }

  async resetRequest(email: string) {
    await this.take(
      this.resets,
      emailKey(email),
      (wait) => `Too many reset requests for this email. Please check your inbox, or try again in ${wait}.`,
    );
  }

  /** Counts one click-to-call against the hour's and the day's allowance; answers a refund. */
  async callPlaced(userId: string): Promise<() => Promise<void>> {
    const tooMany = (limit: string) => (wait: string) =>
      `You have reached the limit of ${limit}. Please try again in ${wait}.`;
    await this.take(this.callsHour, userId, tooMany(`${CALLS_PER_HOUR.points} calls an hour`));
    try {
      await this.take(this.callsDay, userId, tooMany(`${CALLS_PER_DAY.points} calls a day`));
    } catch (error) {
      await this.callsHour.reward(userId);
      throw error;
    }
    return async () => {
      await Promise.all([this.callsHour.reward(userId), this.callsDay.reward(userId)]);
    };
  }

  /**
   * Runs a sign-in attempt for `email` under the failed-login rules (rules.ts). While the email
   * waits or is locked, every attempt is refused unchecked, the right password too, with the same
   * sentence as a wrong one; counted by email whether or not an account has it.
   */
  async login<T>(
    email: string,
    attempt: () => Promise<T>,
    isFailure: (error: unknown) => boolean,
  ): Promise<T> {
    const key = emailKey(email);
    const waiting = await this.loginWait.get(key);
    if (waiting && waiting.consumedPoints > 1) {
      throw new TooManyRequests(Math.max(1, Math.ceil(waiting.msBeforeNext / 1000)), INVALID_LOGIN);
    }
    try {
      const result = await attempt();
      await this.loginSucceeded(email);
      return result;
    } catch (error) {
      if (isFailure(error)) await this.loginFailed(key);
      throw error;
    }
  }

  /** A successful sign-in or password reset clears the email's failures. */
  async loginSucceeded(email: string) {
    const key = emailKey(email);
    await Promise.all([this.loginFailures.delete(key), this.loginWait.delete(key)]);
  }

  private async loginFailed(key: string) {
    const failures = await this.loginFailures.consume(key).catch((refused: unknown) => {
      if (refused instanceof RateLimiterRes) return refused;
      throw refused;
    });
    const n = failures.consumedPoints;
    if (n >= LOGIN.lockAfter) await this.loginWait.block(key, LOGIN.lockSeconds);
    else if (n >= LOGIN.freeFailures) await this.loginWait.block(key, 2 ** (n - LOGIN.freeFailures));
  }

  ready() {
    return this.store.ready();
  }

  close() {
    return this.store.close();
  }
}
