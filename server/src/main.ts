import { buildApp } from './app';
import { reconcileCharges } from './billing/charges/reconcile';
import { checkBillingSetup } from './billing/setup-check';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { describeError } from './db/log-safe';
import { checkRedisAtStart } from './limits/redis-at-start';
import { CallEventHub } from './calls/call-events';
import { startJobs } from './jobs/start';
import { billingFromConfig, mailerFromConfig, telephonyFromConfig } from './providers/from-config';
import { exitOnSignals } from './shutdown';

// Launches one process serving /api and the SPA, and its scheduled jobs (kept out of buildApp
// so tests and the bench run without them); all route wiring lives in buildApp.
async function main() {
  // Whatever this process writes in DATA_DIR is its owner's only (PGlite sets its own files' modes, but
  // they sit in 0700 folders).
  process.umask(0o077);
  const config = loadConfig();
  await checkRedisAtStart(config);
  const database = await openDatabase(config);
  // Several nodes may start at once: migrations queue on a lock (db/migrate-postgres.ts).
  if (config.migrateOnStart) await database.migrate();
  const billing = billingFromConfig(config, database.db);
  const deps = {
    config,
    db: database.db,
    mailer: mailerFromConfig(config),
    billing,
    telephony: telephonyFromConfig(config),
    callEvents: new CallEventHub(config),
  };
  const app = await buildApp(deps, { logger: { level: 'info' } });
  database.logTo?.(app.log);
  deps.callEvents.logTo(app.log);
  app.addHook('onClose', async () => deps.callEvents.close());
  // With Stripe, a wrong key, price, portal or webhook endpoint stops the start with a sentence; a
  // Stripe that does not answer only delays the check.
  const billingCheck = await checkBillingSetup(billing, app.log).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  app.addHook('onClose', async () => billingCheck.stop());
  const jobs = await startJobs(config, deps, app.log);
  // Charges a crash left half done are finished before anything else is charged.
  await reconcileCharges(deps).then(
    (result) => app.log.info({ result }, 'charges reconciled'),
    (err: unknown) => app.log.error({ err }, 'charges could not all be reconciled; the hourly job retries'),
  );

  exitOnSignals({ app, jobs, closeDatabase: () => database.close(), ...config.shutdown });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Forwardly is running at ${config.appUrl}`);
}

main().catch((error: unknown) => {
  console.error(describeError(error));
  process.exit(1);
});
