import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxStripeRequests } from '../../../db/schema';
import { SandboxStripeError } from './context';

// Stripe's idempotency keys (docs.stripe.com/api/idempotent_requests): the first answer to a key is
// saved once the endpoint began executing (a success, a card error, a 500) and replayed to every
// retry with that key; the same key with other parameters, or on another endpoint, is refused; a key
// is pruned once it is 24 hours old, after which it runs as a new request. Refused parameters are
// not saved (the endpoint never ran).

const KEY_LIFETIME = sql`interval '24 hours'`;

// Parameters compared as Stripe receives them, form-encoded: values as text, keys in any order.
function fingerprint(params: unknown): string {
  const canonical = (value: unknown): unknown =>
    value && typeof value === 'object'
      ? Array.isArray(value)
        ? value.map(canonical)
        : Object.fromEntries(
            Object.entries(value)
              .filter(([, v]) => v !== undefined)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, v]) => [k, canonical(v)]),
          )
      : String(value);
  return createHash('sha256')
    .update(JSON.stringify(canonical(params ?? {})))
    .digest('base64url');
}

// The customer a request was about: the one it made, or the one it named.
const customerOf = (params: unknown, result: unknown): string | null => {
  const made = result as { object?: string; id?: string; customer?: unknown } | undefined;
  if (made?.object === 'customer') return made.id ?? null;
  const named =
    typeof made?.customer === 'string' ? made.customer : (params as { customer?: unknown })?.customer;
  return typeof named === 'string' ? named : null;
};

const saved = (error: unknown) =>
  error instanceof SandboxStripeError &&
  error.type !== 'invalid_request_error' &&
  error.type !== 'idempotency_error';

export class IdempotencyKeys {
  constructor(private readonly db: Db) {}

  /** Runs a request under Stripe's idempotency rules. `scope` is its method and path. */
  async run<T>(
    key: string | undefined,
    scope: string,
    params: unknown,
    execute: () => Promise<T>,
  ): Promise<T> {
    if (!key) return execute();
    const print = fingerprint(params);
    await this.db
      .delete(sandboxStripeRequests)
      .where(
        and(
          eq(sandboxStripeRequests.key, key),
          lt(sandboxStripeRequests.createdAt, sql`now() - ${KEY_LIFETIME}`),
        ),
      );
    const [earlier] = await this.db
      .select()
      .from(sandboxStripeRequests)
      .where(eq(sandboxStripeRequests.key, key));
    if (earlier) {
      if (earlier.scope !== scope || earlier.fingerprint !== print) {
        throw new SandboxStripeError(
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      }
      if (earlier.statusCode === 200) return earlier.body as T;
      const { error } = earlier.body as { error: { type: 'card_error' | 'api_error'; message: string } };
      throw new SandboxStripeError(error.type, error.message, earlier.statusCode);
    }
    try {
      const result = await execute();
      await this.save({
        key,
        scope,
        fingerprint: print,
        customer: customerOf(params, result),
        statusCode: 200,
        body: result,
      });
      return result;
    } catch (error) {
      if (saved(error)) {
        const { statusCode, body } = error as SandboxStripeError;
        await this.save({
          key,
          scope,
          fingerprint: print,
          customer: customerOf(params, null),
          statusCode,
          body,
        });
      }
      throw error;
    }
  }

  /**
   * Stripe began executing the request and failed inside (a 500), whatever it had done by then: the
   * failure is what the key answers from now on.
   */
  async saveFailure(key: string, scope: string, params: unknown, error: SandboxStripeError) {
    const failure = {
      scope,
      fingerprint: fingerprint(params),
      statusCode: error.statusCode,
      body: error.body,
    };
    await this.db
      .insert(sandboxStripeRequests)
      .values({ key, ...failure })
      .onConflictDoUpdate({ target: sandboxStripeRequests.key, set: failure });
  }

  /** Stripe pruned every key (it may, once a key is 24 hours old): a retry runs as a new request. */
  async pruneAll() {
    await this.db.delete(sandboxStripeRequests);
  }

  private async save(request: typeof sandboxStripeRequests.$inferInsert) {
    await this.db.insert(sandboxStripeRequests).values(request).onConflictDoNothing();
  }
}
