import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { destinationProblem, OWN_NUMBER_PROBLEM } from '../../../rules/destinations';
import type { Db } from '../db/client';
import { qualified } from '../db/qualified';
import { phoneNumbers } from '../db/schema';
import { HttpError } from '../http/errors';
import { httpRefusals } from '../../../contract/refusals/http';

// The destination policy of rules/destinations.ts, plus the check only the database can answer:
// a number in service as one of our virtual numbers is never a destination (calls could loop).

/** Why the first refused number may not be rung, or null when all may; one query at most. */
async function destinationsProblem(db: Db, numbers: string[]): Promise<string | null> {
  for (const number of numbers) {
    const problem = destinationProblem(number);
    if (problem) return problem;
  }
  const ours = await db
    .select({ id: phoneNumbers.id })
    .from(phoneNumbers)
    .where(and(inArray(phoneNumbers.phoneNumber, numbers), isNull(phoneNumbers.releasedAt)))
    .limit(1);
  return ours.length ? OWN_NUMBER_PROBLEM : null;
}

/** Whether the number in `column` is one of our numbers in service, for a query that reads it anyway. */
export const ourNumberSql = (column: AnyPgColumn) =>
  sql<boolean>`exists (select 1 from ${phoneNumbers} ours
    where ours.phone_number = ${qualified(column)} and ours.released_at is null)`;

/** 400 with the policy's sentence when a forwarding number or recipient may not be rung. */
export async function assertDestinations(db: Db, ...numbers: string[]): Promise<void> {
  const problem = await destinationsProblem(db, numbers);
  if (problem) throw new HttpError(httpRefusals.inputRefused(problem));
}
