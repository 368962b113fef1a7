import { insertCall, type NewCall } from '../../src/calls/record';
import { createTestApp, type TestContext } from './app';
import { newUser, type Subscriber } from './telephony';

export type UserCall = Omit<NewCall, 'userId'>;

// A fresh app with a user whose history is `calls`, and another user with one call of their own,
// dated among the user's, that the user's lists and files must never show.
export async function appWithCallHistory(
  calls: UserCall[],
): Promise<{ ctx: TestContext; user: Subscriber; other: Subscriber }> {
  const ctx = await createTestApp();
  const [user, other] = await Promise.all([newUser(ctx), newUser(ctx)]);
  await ctx.deps.db.transaction(async (tx) => {
    for (const call of calls) await insertCall(tx, { ...call, userId: user.id });
    await insertCall(tx, {
      userId: other.id,
      providerCallSid: 'CA-other',
      direction: 'inbound',
      fromNumber: '+13125550100',
      toNumber: '+13125550101',
      status: 'completed',
      durationSeconds: 5,
      createdAt: new Date(Date.UTC(2026, 2, 3, 12)),
    });
  });
  return { ctx, user, other };
}
