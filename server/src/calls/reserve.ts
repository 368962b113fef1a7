import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { calls, phoneNumbers } from '../db/schema';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { CALL_TIME_LIMIT_SECONDS, UNCONNECTED_CALL_HOLD_SECONDS } from './limits';
import type { NumberRow } from '../numbers/numbers';
import { ACTIVE_CALL_STATUSES } from '../../../contract/call-states';
import { type CallRow, insertCall } from './record';
import { callRefusals } from '../../../contract/refusals/calls';

// A call still under way: not ended, and young enough that it may really be (a call whose last
// report was lost does not hold the slot for ever).
const underWay = and(
  inArray(calls.status, [...ACTIVE_CALL_STATUSES]),
  or(
    gt(calls.createdAt, sql`now() - make_interval(secs => ${UNCONNECTED_CALL_HOLD_SECONDS})`),
    and(
      eq(calls.stage, 'connected'),
      gt(calls.createdAt, sql`now() - make_interval(secs => ${CALL_TIME_LIMIT_SECONDS + 300})`),
    ),
  ),
);

/**
 * Records a new click-to-call as 'queued', unless the account already has one under way (409).
 * The account's number row is locked meanwhile, so two requests at once cannot both pass the check.
 */
export async function reserveCall(db: Db, number: NumberRow, recipient: string): Promise<CallRow> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: phoneNumbers.id })
      .from(phoneNumbers)
      .where(eq(phoneNumbers.id, number.id))
      .for('update');
    const [busy] = await tx
      .select({ id: calls.id })
      .from(calls)
      .where(and(eq(calls.userId, number.userId), eq(calls.direction, 'outbound'), underWay))
      .limit(1);
    if (busy) {
      throw new HttpError(callRefusals.inProgress);
    }
    const row = await insertCall(tx, {
      userId: number.userId,
      direction: 'outbound',
      fromNumber: number.phoneNumber,
      toNumber: recipient,
      status: 'queued',
      stage: 'calling_you',
    });
    if (!row) throw new Error('a new call could not be recorded');
    return row;
  });
}
