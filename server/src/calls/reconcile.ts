import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { calls, providerSyncMarks } from '../db/schema';
import type { AppDeps } from '../deps';
import type { ProviderCall } from '../providers/telephony/provider';
import { applyLegEvent, type CallKey } from './apply-event';
import { callStatusOf, type LegEvent } from './progress';
import { ACTIVE_CALL_STATUSES } from '../../../contract/call-states';
import type { CallRow } from './record';

// With callEvents, a call settled here reaches the account's open histories as a webhook's would.
type Deps = Pick<AppDeps, 'db' | 'telephony' | 'billing' | 'mailer' | 'config' | 'callEvents'>;

const MARK = 'calls';
// Each run reads again a little before where the last one stopped: Twilio's lists can lag.
const OVERLAP_MS = 15 * 60 * 1000;
// A first run reads the last day.
const FIRST_RUN_MS = 24 * 60 * 60 * 1000;
// A record still under way this long after it began has lost its reports (a click-to-call gives up
// within minutes, a connected call ends at its time limit): the provider's record settles it.
const STALE_MS = 15 * 60 * 1000;

// The job has no request logger: what billing reports about the usage it counts goes to the console.
const log = {
  warn: (context: object, message: string) => console.warn(message, context),
  error: (context: object, message: string) => console.error(message, context),
};

/**
 * The provider's Calls API is the reference: every call leg that ended since the last run is applied
 * to our records as its lost report would have been (the same applyLegEvent, so a call's minutes
 * count once, its trial allowance included, and a call already settled changes nothing), and every
 * record left under way (its reports lost to an outage) is settled from the provider's record of it.
 */
export async function reconcileCalls(deps: Deps, now = new Date()) {
  const since = new Date((await lastRun(deps.db, now)).getTime() - OVERLAP_MS);
  const ended = await deps.telephony.listEndedCalls(since);
  const bySid = new Map(ended.map((c) => [c.sid, c]));
  const result = { applied: 0, settled: 0 };

  for (const leg of ended) {
    if (await applyLeg(deps, leg, bySid)) result.applied++;
  }
  for (const row of await staleCalls(deps.db, now)) {
    const found = await deps.telephony.fetchCall(row.providerCallSid!);
    if (!found) continue;
    bySid.set(found.call.sid, found.call);
    // The legs dialled for it first: once the recipient was dialled, their leg decides the outcome.
    for (const leg of [...found.legs, found.call]) await applyLeg(deps, leg, bySid);
    const [after] = await deps.db.select({ status: calls.status }).from(calls).where(eq(calls.id, row.id));
    if (after && !(ACTIVE_CALL_STATUSES as readonly string[]).includes(after.status)) result.settled++;
  }

  await deps.db
    .insert(providerSyncMarks)
    .values({ name: MARK, syncedUntil: now })
    .onConflictDoUpdate({ target: providerSyncMarks.name, set: { syncedUntil: now } });
  return result;
}

async function lastRun(db: Db, now: Date): Promise<Date> {
  const [mark] = await db.select().from(providerSyncMarks).where(eq(providerSyncMarks.name, MARK));
  return mark?.syncedUntil ?? new Date(now.getTime() - FIRST_RUN_MS);
}

// Records begun long ago that are still under way, with the provider's id of their first leg.
const staleCalls = (db: Db, now: Date) =>
  db
    .select({ id: calls.id, providerCallSid: calls.providerCallSid })
    .from(calls)
    .where(
      and(
        inArray(calls.status, [...ACTIVE_CALL_STATUSES]),
        isNotNull(calls.providerCallSid),
        lt(calls.createdAt, new Date(now.getTime() - STALE_MS)),
      ),
    );

/**
 * One leg's final report, applied as its status callback would have been: a click-to-call's first
 * leg (our record by its sid) or its recipient's leg (dialled for it), or the leg that rang an
 * owner's phone for a call to one of our numbers (dialled for the caller's call). Answers whether
 * it was one of ours.
 */
async function applyLeg(deps: Deps, leg: ProviderCall, bySid: Map<string, ProviderCall>) {
  const status = callStatusOf(leg.status);
  if (!status) return false;
  const applied = (key: CallKey, event: LegEvent) => applyLegEvent(deps, key, event, log).then(Boolean);
  if (leg.parentSid === null) {
    const own = await clickToCall(deps.db, leg.sid);
    return own ? applied({ id: own.id }, { leg: 'user', status, duration: leg.duration }) : false;
  }
  const own = await clickToCall(deps.db, leg.parentSid);
  if (own) return applied({ id: own.id }, { leg: 'recipient', status, duration: leg.duration });
  const caller = bySid.get(leg.parentSid) ?? (await deps.telephony.fetchCall(leg.parentSid))?.call;
  if (caller?.direction !== 'inbound') return false;
  return applied(
    { sid: caller.sid, caller: caller.from, number: caller.to, startedAt: leg.startTime ?? undefined },
    { leg: 'forward', status, duration: leg.duration },
  );
}

async function clickToCall(db: Db, sid: string): Promise<Pick<CallRow, 'id'> | undefined> {
  const [row] = await db
    .select({ id: calls.id })
    .from(calls)
    .where(and(eq(calls.providerCallSid, sid), eq(calls.direction, 'outbound')));
  return row;
}
