import { and, eq, getTableColumns, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import { calls, users } from '../db/schema';

export type CallRow = typeof calls.$inferSelect;
export type NewCall = Omit<typeof calls.$inferInsert, 'id' | 'position' | 'directionPosition'>;

// Every call keeps its place in its account's history (schema.ts: position, direction_position).
// The calls of one account take turns on its row while they are placed, as a trial's calls do
// (allotments.ts); no key update, so the foreign-key checks of other writes go on.
const lockAccount = (tx: Tx, userId: string) =>
  tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');

// Later in the history than the call `c` (a row of calls by another name): by time, then id, as the
// history orders.
const after = (c: string) =>
  sql`${calls.userId} = ${sql.identifier(c)}.user_id
    and (${calls.createdAt}, ${calls.id}) > (${sql.identifier(c)}.created_at, ${sql.identifier(c)}.id)`;

const placed = alias(calls, 'placed');
const earlier = alias(calls, 'earlier');

// The place after the last of the account's calls before `placed` (of its direction, or all).
const placeOf = (place: 'position' | 'directionPosition') =>
  sql`coalesce((select ${earlier[place]} from ${calls} ${sql.identifier('earlier')}
    where ${and(
      eq(earlier.userId, placed.userId),
      sql`(${earlier.createdAt}, ${earlier.id}) < (${placed.createdAt}, ${placed.id})`,
      place === 'directionPosition' ? eq(earlier.direction, placed.direction) : undefined,
    )}
    order by ${earlier.createdAt} desc, ${earlier.id} desc limit 1), 0) + 1`;

/**
 * Records a call once per provider call id, in its place: the calls after it (usually none; a
 * report can record a call that began before others) move up one. Answers undefined when the call
 * was already recorded (a redelivered webhook).
 */
export async function insertCall(tx: Tx, call: NewCall): Promise<CallRow | undefined> {
  await lockAccount(tx, call.userId);
  const [row] = await tx
    .insert(calls)
    .values({ ...call, position: 0, directionPosition: 0 })
    .onConflictDoNothing({ target: calls.providerCallSid })
    .returning({ id: calls.id });
  if (!row) return undefined;
  const moved = await tx
    .update(calls)
    .set({
      position: sql`case when ${calls.id} = ${placed.id} then ${placeOf('position')} else ${calls.position} + 1 end`,
      directionPosition: sql`case when ${calls.id} = ${placed.id} then ${placeOf('directionPosition')}
        when ${calls.direction} = ${placed.direction} then ${calls.directionPosition} + 1
        else ${calls.directionPosition} end`,
    })
    .from(placed)
    .where(and(eq(placed.id, row.id), or(eq(calls.id, placed.id), after('placed'))))
    .returning(getTableColumns(calls));
  return moved.find((c) => c.id === row.id);
}

/** Removes a call that never took place (the provider refused it); the calls after it move down one. */
export async function deleteCall(tx: Tx, row: CallRow): Promise<void> {
  await lockAccount(tx, row.userId);
  await tx.execute(sql`with g as (delete from ${calls} where ${calls.id} = ${row.id}
      returning user_id, direction, created_at, id)
    update ${calls} set position = ${calls.position} - 1,
      direction_position = case when ${calls.direction} = g.direction then ${calls.directionPosition} - 1
        else ${calls.directionPosition} end
    from g where ${after('g')}`);
}
