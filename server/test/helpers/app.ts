import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import type { AppDeps } from '../../src/deps';
import { CallEventHub } from '../../src/calls/call-events';
import { outboxMailer } from '../../src/providers/mail/outbox';
import { sandboxBilling } from '../../src/sandbox/billing/billing';
import { telephonyFromConfig } from '../../src/providers/from-config';
import { openTestDatabase } from './database';

export interface TestContext {
  app: Awaited<ReturnType<typeof buildApp>>;
  deps: AppDeps;
  close(): Promise<void>;
}

// A test file's app: a fresh database copied from the template and a temporary DATA_DIR.
// Pass env to change configuration, or deps to swap a provider for one pointed at a local fake.
export async function createTestApp(
  options: { env?: Record<string, string>; deps?: (config: Config, base: AppDeps) => Partial<AppDeps> } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forwardly-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: 'http://localhost:3000',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ...options.env,
  });
  const database = await openTestDatabase();
  const base: AppDeps = {
    config,
    db: database.db,
    mailer: outboxMailer(dataDir, () => {}),
    billing: sandboxBilling(config, database.db),
    telephony: telephonyFromConfig(config),
    distDir: path.join(dataDir, 'no-dist'),
    callEvents: new CallEventHub(config),
  };
  const deps = { ...base, ...options.deps?.(config, base) };
  const app = await buildApp(deps);
  return {
    app,
    deps,
    close: async () => {
      await app.close();
      deps.callEvents.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
