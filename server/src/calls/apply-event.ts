import { and, eq, isNull } from 'drizzle-orm';
import { serviceOnSql } from '../billing/subscriptions';
import { usageBilling } from '../billing/usage';
import type { Tx } from '../db/client';
import { calls, phoneNumbers } from '../db/schema';
import type { AppDeps } from '../deps';
import { addCallUsage, type OverageReport } from '../usage/record';
import { confirmAllotment, releaseAllotment } from './allotments';
import { advance, type LegEvent } from './progress';
import { isFinalCallStatus } from '../../../contract/call-states';
import { type CallRow, insertCall } from './record';

/** A click-to-call by our id; an inbound call by the provider's id, its caller and the number called. */
export type CallKey = { id: string } | InboundKey;
interface InboundKey {
  sid: string;
  caller: string;
  number: string;
  // When we dialled the owner, if known (the provider's record of it: calls/reconcile.ts).
  startedAt?: Date;
}

/**
 * Applies one report about a call's legs, in one transaction that holds the call's row: reports of
 * the same call wait for each other, so the record only moves forward (calls/progress.ts). The
 * report that ends a completed call adds its talk time to usage, in the same transaction: a
 * redelivery finds the call final and changes nothing. The same transaction releases the seconds a
 * trial's call set aside. Answers the call as it now stands
 * (undefined for a call we do not know: a number nobody owns, a click-to-call that never started).
 */
export async function applyLegEvent(
  deps: Pick<AppDeps, 'db' | 'billing' | 'mailer' | 'config' | 'callEvents'>,
  key: CallKey,
  event: LegEvent,
  log: {
    warn: (context: object, message: string) => void;
    error: (context: object, message: string) => void;
  },
): Promise<CallRow | undefined> {
  const { call, overage, changed } = await deps.db.transaction(async (tx) => {
    const { row, recorded = false }: Found =
      'id' in key ? { row: await lockedCall(tx, key.id) } : await inboundCall(tx, key, event);
    if (!row) return {};
    const next = advance({ status: row.status, stage: row.stage, duration: row.durationSeconds }, event);
    if (!next) return { call: row, changed: recorded };
    const [updated] = await tx
      .update(calls)
      .set({ status: next.status, stage: next.stage, durationSeconds: next.duration })
      .where(eq(calls.id, row.id))
      .returning();
    let overage: OverageReport | undefined;
    if (next.status === 'completed') {
      overage = await addCallUsage(tx, row.userId, row.createdAt, next.duration);
    }
    // Its talk time is in usage now (or it never connected): the seconds it set aside go back.
    const allotment = 'id' in key ? key.id : key.sid;
    if (isFinalCallStatus(next.status)) await releaseAllotment(tx, row.userId, allotment);
    else await confirmAllotment(tx, allotment);
    return { call: updated, overage, changed: true };
  });
  // Committed: the account's open histories may reload it now.
  if (call && changed) deps.callEvents.publish(call.userId, call.id);
  // Billing charges the extra minutes once they reach its threshold (or when the month closes). The
  // call is recorded by now: a mail or Stripe failure is billing's to retry (the next call, the
  // month's run), never an error on the line of whoever is still on the call.
  if (overage) {
    await usageBilling(deps)
      .reportOverage(overage, log)
      .catch((err: unknown) =>
        log.error({ err, userId: overage.userId }, 'usage could not be reported to billing'),
      );
  }
  return call;
}

// The call a report is about, and whether the report recorded it.
type Found = { row?: CallRow; recorded?: boolean };

const lockedCall = async (tx: Tx, id: string) => {
  const [row] = await tx.select().from(calls).where(eq(calls.id, id)).for('update');
  return row;
};

// The first report of an inbound call records it, for the owner of the number called, if the owner
// has service (without it the voice webhook answered "not in service" and recorded the call as
// blocked, final from the start: no report changes it, no usage). A call already recorded goes on to its end even if service stopped
// meanwhile: it was put through. It started when we dialled the owner: when the provider says so,
// else now, or `duration` seconds before an end report that comes first.
async function inboundCall(tx: Tx, key: InboundKey, event: LegEvent): Promise<Found> {
  const known = await lockedInbound(tx, key.sid);
  if (known) return { row: known };
  const [owner] = await tx
    .select({ userId: phoneNumbers.userId })
    .from(phoneNumbers)
    .where(
      and(
        eq(phoneNumbers.phoneNumber, key.number),
        isNull(phoneNumbers.releasedAt),
        serviceOnSql(phoneNumbers.userId),
      ),
    );
  if (!owner) return {};
  const talked = 'status' in event && isFinalCallStatus(event.status) ? event.duration : 0;
  await insertCall(tx, {
    userId: owner.userId,
    providerCallSid: key.sid,
    direction: 'inbound',
    fromNumber: key.caller,
    toNumber: key.number,
    status: 'queued',
    createdAt: key.startedAt ?? new Date(Date.now() - talked * 1000),
  });
  // A report of the same call recorded it meanwhile: insertCall left that one as it was.
  return { row: await lockedInbound(tx, key.sid), recorded: true };
}

const lockedInbound = async (tx: Tx, sid: string) => {
  const [row] = await tx.select().from(calls).where(eq(calls.providerCallSid, sid)).for('update');
  return row;
};
