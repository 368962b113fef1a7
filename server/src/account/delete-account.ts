import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { passwordMatches } from '../auth/passwords';
import { chargeBeforeDeletion } from '../billing/charges/charge-before-deletion';
import { phoneNumbers, sessions, subscriptions, users } from '../db/schema';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { accountRefusals } from '../../../contract/refusals/account';

type Deps = Pick<AppDeps, 'db' | 'billing' | 'telephony' | 'mailer' | 'config'>;

const ENDED = new Set(['canceled', 'incomplete_expired']);

const wrongPassword = () => new HttpError(accountRefusals.wrongPassword);
export const isWrongPassword = (error: unknown) =>
  error instanceof HttpError && error.code === accountRefusals.wrongPassword.code;

/**
 * Deletes an account (the privacy policy's "Deleting your account" says what is kept). The
 * providers come first: the extra minutes owed are charged (chargeBeforeDeletion), the
 * subscription is cancelled, the customer (and its cards) removed at the payment provider and the
 * number given back; should one fail, the account stays and the person can try again, which does
 * nothing twice. Then every row of the account goes, in one statement (each table's user_id
 * cascades). Answers the sessions that ended, so their access tokens stop at once.
 */
export async function deleteAccount(
  deps: Deps,
  userId: string,
  password: string,
  // Runs the password check under the sign-in limits of the account's email (limits.ts `login`).
  guard: (email: string, check: () => Promise<void>) => Promise<void>,
  log: FastifyBaseLogger,
): Promise<string[]> {
  const { db } = deps;
  const [user] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw wrongPassword();
  await guard(user.email, async () => {
    if (!(await passwordMatches(user.passwordHash, password))) throw wrongPassword();
  });
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  if (subscription?.customerId && !subscription.customerDeletedAt) {
    // Before the cancellation, so no charge of the subscription's end races this one.
    await chargeBeforeDeletion(deps, userId, log);
    if (subscription.subscriptionId && !ENDED.has(subscription.status)) {
      await deps.billing.cancelNow(subscription.subscriptionId);
    }
    await deps.billing.deleteCustomer(subscription.customerId);
    await db
      .update(subscriptions)
      .set({ customerDeletedAt: new Date() })
      .where(eq(subscriptions.userId, userId));
  }
  const [number] = await db.select().from(phoneNumbers).where(eq(phoneNumbers.userId, userId));
  if (number?.providerSid && !number.releasedAt) await deps.telephony.releaseNumber(number.providerSid);

  const ended = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  await db.delete(users).where(eq(users.id, userId));
  return ended.map((s) => s.id);
}
