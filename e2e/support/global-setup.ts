// Playwright's globalSetup (playwright.config.ts): builds the SPA once (E2E_SKIP_BUILD=1 reuses a fresh
// dist/) and starts the real server once for the whole run; the test workers find it through
// E2E_BASE_URL and E2E_DATA_DIR. The function it returns is the global teardown: it stops the server.
import { buildSpa, startServer } from './server';

export default async function globalSetup() {
  buildSpa();
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = server.dataDir;
  console.log(`[e2e] server at ${server.baseUrl}, DATA_DIR ${server.dataDir}, log ${server.logFile}`);
  // Playwright runs the teardown on Ctrl-C, not on SIGTERM: stop the server (its own process group) then too.
  const onSigterm = () => void server.stop().finally(() => process.exit(143));
  process.once('SIGTERM', onSigterm);
  return async () => {
    process.off('SIGTERM', onSigterm);
    await server.stop();
    console.log(`[e2e] server stopped; its log: ${server.logFile}`);
  };
}
