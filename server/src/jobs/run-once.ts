import { loadConfig } from '../config';
import { CallEventHub } from '../calls/call-events';
import { openDatabase } from '../db/client';
import { billingFromConfig, mailerFromConfig, telephonyFromConfig } from '../providers/from-config';
import { runJob } from './run-job';
import { findJob, jobs } from './schedule';

// Runs one scheduled job now, by hand: `npx tsx server/src/jobs/run-once.ts <job>`.
// Every job is safe to run again. With embedded PGlite, stop the server first (it locks the data folder).
async function main() {
  const job = findJob(process.argv[2] ?? '');
  if (!job) throw new Error(`Usage: run-once.ts <${jobs.map((j) => j.name).join(' | ')}>`);
  const config = loadConfig();
  const database = await openDatabase(config);
  const telephony = telephonyFromConfig(config);
  // What the job changes of a call reaches the histories open on the servers (through Redis).
  const callEvents = new CallEventHub(config, console);
  try {
    await database.migrate();
    const billing = billingFromConfig(config, database.db);
    await runJob(
      job,
      { db: database.db, billing, telephony, mailer: mailerFromConfig(config), config, callEvents },
      console,
    );
  } finally {
    telephony.close();
    callEvents.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
