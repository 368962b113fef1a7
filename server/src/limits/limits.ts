import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { TooManyRequests } from '../http/errors';
import {
  CALLS_PER_DAY,
  CALLS_PER_HOUR,
  LOGIN,
  LOGIN_PER_ACCOUNT,
  LOGIN_PER_ADDRESS,
  RESETS_PER_HOUR,
  SEARCHES_PER_MINUTE,
  type Window,
} from './rules';
import { CounterStore, type LimiterLog } from './store';
import { authRefusals } from '../../../contract/refusals/auth';

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

export interface LimitsConfig {
  redisUrl?: string;
  redisPrefix: string;
  redisCommandTimeoutMs?: number;
}

const emailKey = (email: string) => email.trim().toLowerCase();

/** Who is signing in: the client's address, and its device id when it is a known device of the email. */
export interface LoginClient {
  address: string;
  device?: string;
}

// A known device is counted by its own id, so neither its address nor the email's other clients hold it back.
const clientKey = (email: string, client?: LoginClient) =>
  client
    ? `${emailKey(email)} ${client.device ? `device:${client.device}` : client.address}`
    : emailKey(email);

/** The limits of one API process, over counters shared through Redis when it is configured. */
export class Limits {
  readonly store: CounterStore;
  private readonly callsHour: RateLimiterAbstract;
  private readonly callsDay: RateLimiterAbstract;
  private readonly searches: RateLimiterAbstract;
  private readonly resets: RateLimiterAbstract;
  private readonly loginFailures: RateLimiterAbstract;
  private readonly loginWait: RateLimiterAbstract;
  private readonly addressFailures: RateLimiterAbstract;
  private readonly accountFailures: RateLimiterAbstract;

  constructor(config: LimitsConfig, log: LimiterLog) {
    this.store = new CounterStore(config.redisUrl, config.redisPrefix, log, config.redisCommandTimeoutMs);
    this.callsHour = this.store.counter('calls-hour', CALLS_PER_HOUR);
    this.callsDay = this.store.counter('calls-day', CALLS_PER_DAY);
    this.searches = this.store.counter('searches', SEARCHES_PER_MINUTE);
    this.resets = this.store.counter('resets', RESETS_PER_HOUR);
    this.loginFailures = this.store.counter('login-failures', {
      points: LOGIN.lockAfter,
      seconds: LOGIN.window,
    });
    this.loginWait = this.store.counter('login-wait', { points: 1, seconds: LOGIN.lockSeconds });
    this.addressFailures = this.store.counter('login-address', LOGIN_PER_ADDRESS);
    this.accountFailures = this.store.counter('login-account', LOGIN_PER_ACCOUNT);
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
   * Runs a password check for `email` under the failed-login rules (rules.ts): signing in, or
   * confirming a deletion. While the email waits or is locked for this `client` (for a deletion,
   * the signed-in account), every attempt is refused unchecked, the right password too, with
   * `refusal` (for sign-in, the same sentence as a wrong password); counted whether or not an account
   * has the email. A client that is not a known device is also held to the per-address and
   * per-account limits.
   */
  async login<T>(
    email: string,
    attempt: () => Promise<T>,
    isFailure: (error: unknown) => boolean,
    refusal: (wait: string) => string = () => authRefusals.invalidCredentials.message,
    client?: LoginClient,
  ): Promise<T> {
    const key = clientKey(email, client);
    const refuse = (seconds: number) => new TooManyRequests(seconds, refusal(inWords(seconds)));
    const wide: [RateLimiterAbstract, Window, string][] =
      client && !client.device
        ? [
            [this.addressFailures, LOGIN_PER_ADDRESS, client.address],
            [this.accountFailures, LOGIN_PER_ACCOUNT, emailKey(email)],
          ]
        : [];
    for (const [counter, window, wideKey] of wide) {
      const counted = await counter.get(wideKey);
      if (counted && counted.consumedPoints >= window.points) {
        throw refuse(Math.max(1, Math.ceil(counted.msBeforeNext / 1000)));
      }
    }
    const waiting = await this.loginWait.get(key);
    if (waiting && waiting.consumedPoints > 1) {
      throw refuse(Math.max(1, Math.ceil(waiting.msBeforeNext / 1000)));
    }
    // Counted before the password is checked: guesses sent at once each take a count, instead of all
    // passing the wait above before the first of them has failed. Past the lock's count, unchecked.
    const n = (await this.consumeLoginFailure(key)).consumedPoints;
    if (n > LOGIN.lockAfter) {
      await this.loginWait.block(key, LOGIN.lockSeconds);
      throw refuse(LOGIN.lockSeconds);
    }
    try {
      const result = await attempt();
      await this.forget(key);
      return result;
    } catch (error) {
      if (!isFailure(error)) await this.loginFailures.reward(key);
      else {
        await this.loginFailed(key, n);
        // Counted for everyone: a guesser cannot clear them by signing in to an account of its own.
        if (client) {
          await Promise.all([
            this.countFailure(this.addressFailures, client.address),
            this.countFailure(this.accountFailures, emailKey(email)),
          ]);
        }
      }
      throw error;
    }
  }

  /**
   * A completed password reset: the email's own count and that of the `client` that reset it are
   * forgiven (that client also becomes a known device, auth/known-devices.ts).
   */
  async loginSucceeded(email: string, client?: LoginClient) {
    await Promise.all([
      this.forget(emailKey(email)),
      this.accountFailures.delete(emailKey(email)),
      client && this.forget(clientKey(email, client)),
    ]);
  }

  private async forget(key: string) {
    await Promise.all([this.loginFailures.delete(key), this.loginWait.delete(key)]);
  }

  private countFailure(counter: RateLimiterAbstract, key: string) {
    return counter.consume(key).catch((refused: unknown) => {
      if (!(refused instanceof RateLimiterRes)) throw refused;
    });
  }

  private consumeLoginFailure(key: string) {
    return this.loginFailures.consume(key).catch((refused: unknown) => {
      if (refused instanceof RateLimiterRes) return refused;
      throw refused;
    });
  }

  /** The `n`th failure in the window: from the free ones on, the next attempt waits, then is locked. */
  private async loginFailed(key: string, n: number) {
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
