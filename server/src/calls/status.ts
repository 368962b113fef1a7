import { and, eq, isNull, notInArray } from 'drizzle-orm';
import { calls, phoneNumbers } from '../db/schema';
import type { AppDeps } from '../deps';
import type { Tx } from '../db/client';
import { usageBilling } from '../billing/usage';
import { addCallUsage } from '../usage/record';
import { type CallRow, insertCall } from './record';

// Statuses after which a call never changes again (Twilio's CallStatus values).
const FINAL_STATUSES = ['completed', 'busy', 'no-answer', 'failed', 'canceled'];

export interface CallStatusEvent {
  sid: string;
  status: string;
  direction: 'inbound' | 'outbound';
  from: string;
  to: string;
  durationSeconds: number;
}

/**
 * Applies a call status report (Twilio status callback, or the sandbox's simulation) at most once
 * per call: an outbound call's row moves to its final status once; an inbound call is recorded by
 * its first report. A completed call's minutes go to usage in the same transaction, and billing
 * hears about minutes past the plan once that is committed; a redelivery
 * finds the work done, changes nothing and answers undefined.
 */
export async function recordCallStatus(deps: AppDeps, event: CallStatusEvent): Promise<CallRow | undefined> {
  const { call, overage } = await deps.db.transaction(async (tx) => {
    const call =
      event.direction === 'outbound' ? await finishOutbound(tx, event) : await recordInbound(tx, event);
    if (!call || event.status !== 'completed') return { call };
    return { call, overage: await addCallUsage(tx, call.userId, call.createdAt, event.durationSeconds) };
  });
  // Billing charges the extra minutes once they reach its threshold (or when the month closes).
  if (overage) await usageBilling(deps).reportOverage(overage);
  return call;
}

async function finishOutbound(tx: Tx, event: CallStatusEvent) {
  const [row] = await tx
    .update(calls)
    .set({ status: event.status, durationSeconds: event.durationSeconds })
    .where(and(eq(calls.providerCallSid, event.sid), notInArray(calls.status, FINAL_STATUSES)))
    .returning();
  return row;
}

// The report comes when the call ends: it started `duration` seconds ago.
async function recordInbound(tx: Tx, event: CallStatusEvent) {
  const [owner] = await tx
    .select({ userId: phoneNumbers.userId })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.phoneNumber, event.to), isNull(phoneNumbers.releasedAt)));
  if (!owner) return undefined;
  return insertCall(tx, {
    userId: owner.userId,
    providerCallSid: event.sid,
    direction: 'inbound',
    fromNumber: event.from,
    toNumber: event.to,
    status: event.status,
    durationSeconds: event.durationSeconds,
    createdAt: new Date(Date.now() - event.durationSeconds * 1000),
  });
}
