import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { billingFromConfig, mailerFromConfig } from './providers/from-config';
import { telephonyFromConfig } from './providers/telephony-from-config';

// Launches one process serving /api and the SPA; all wiring lives in buildApp.
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  const app = await buildApp(
    {
      config,
      db: database.db,
      mailer: mailerFromConfig(config),
      billing: billingFromConfig(config),
      telephony: telephonyFromConfig(config),
    },
    { logger: { level: 'info' } },
  );
  app.addHook('onClose', () => database.close());

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal} received, shutting down`);
      void app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Forwardly is running at ${config.appUrl}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
