import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { billingFromConfig } from '../providers/from-config';
import { monthOf } from '../usage/plan';
import { billClosedMonths } from './usage';

// Monthly in arrears: bills the extra minutes of closed months that are not billed yet.
// Run it once a month (e.g. cron on the 1st): `npx tsx server/src/billing/bill-closed-months.ts`.
// Safe to run again: it only charges what billed_cents does not cover yet.
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const count = await billClosedMonths(
      { db: database.db, billing: billingFromConfig(config) },
      monthOf(new Date()),
    );
    console.log(`Billed the extra minutes of ${count} closed month(s).`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
