import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedRead } from '../db/prepared';
import { phoneNumbers } from '../db/schema';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { friendlyName } from '../../../rules/us-numbers';
import { numberRefusals } from '../../../contract/refusals/numbers';

// Reading the account's virtual number and searching for new ones.

const SHOWN_RESULTS = 10;

export type NumberRow = typeof phoneNumbers.$inferSelect;

export const numberView = (row: NumberRow) => ({
  phone_number: {
    phone_number: row.phoneNumber,
    forwarding_number: row.forwardingNumber ?? '',
    announce_calls: row.announceCalls,
    email_texts: row.emailTexts,
    held_until: row.heldUntil ? Math.floor(row.heldUntil.getTime() / 1000) : null,
  },
});

// A released number is nobody's any more: every read below skips it.
const inService = isNull(phoneNumbers.releasedAt);

const activeNumber = preparedRead((db) =>
  db
    .select()
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.userId, sql.placeholder('userId')), inService))
    .prepare('active_number'),
);

export async function numberOf(db: Db, userId: string): Promise<NumberRow | undefined> {
  const [row] = await activeNumber(db).execute({ userId });
  return row;
}

/** The user's row for `number`, or 404: another account's number looks exactly like no number. */
export async function ownNumber(db: Db, userId: string, number: string): Promise<NumberRow> {
  const [row] = await db
    .select()
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.userId, userId), eq(phoneNumbers.phoneNumber, number), inService));
  if (!row) throw new HttpError(numberRefusals.notFound);
  return row;
}

export async function searchNumbers(deps: AppDeps, areaCode: string) {
  const found = await deps.telephony.searchNumbers(areaCode);
  // The sandbox does not know who owns what, and Twilio may lag behind a purchase: skip owned numbers.
  const owned = found.numbers.length
    ? await deps.db
        .select({ number: phoneNumbers.phoneNumber })
        .from(phoneNumbers)
        .where(and(inArray(phoneNumbers.phoneNumber, found.numbers), inService))
    : [];
  const taken = new Set(owned.map((o) => o.number));
  const available = found.numbers.filter((n) => !taken.has(n)).slice(0, SHOWN_RESULTS);
  return {
    count: available.length,
    exact_match: found.exactMatch,
    // The code the person searched, as the onboarding notice names it (the mocks' contract too).
    area_code: areaCode,
    available_numbers: available.map((n) => ({ phone_number: n, friendly_name: friendlyName(n) })),
  };
}
