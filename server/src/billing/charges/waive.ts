import type { Tx } from '../../db/client';
import { addLedgerRow, unbilledMonths } from './ledger';

/** A trial cancelled before its first payment costs nothing: its unbilled minutes are waived on the ledger. */
export async function waiveUnbilled(tx: Tx, userId: string) {
  const months = await unbilledMonths(tx, userId);
  if (Object.keys(months).length) await addLedgerRow(tx, userId, months, 'waived');
}
