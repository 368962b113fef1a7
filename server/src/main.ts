import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { startJobs } from './jobs/start';
import { billingFromConfig, mailerFromConfig } from './providers/from-config';
import { telephonyFromConfig } from './providers/telephony-from-config';

// Launches one process serving /api and the SPA, and its scheduled jobs (kept out of buildApp
// so tests and the bench run without them); all route wiring lives in buildApp.
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  const deps = {
    config,
    db: database.db,
    mailer: mailerFromConfig(config),
    billing: billingFromConfig(config),
    telephony: telephonyFromConfig(config),
  };
  const app = await buildApp(deps, { logger: { level: 'info' } });
  app.addHook('onClose', () => database.close());
  const jobs = await startJobs(config, deps, app.log);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal} received, shutting down`);
      // A job under way finishes before the database closes.
      void jobs
        .stop()
        .then(() => app.close())
        .then(() => process.exit(0));
    });
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Forwardly is running at ${config.appUrl}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
