// The browser journeys (e2e/*.spec.ts) on Playwright Test: `npm run test:e2e` (= `playwright test`).
// One run builds the SPA and starts the real server once (e2e/support/global-setup.ts); the journeys run
// one at a time in one worker (2 shared cores, one server) in Debian's Chromium. Every timeout is here.
import { defineConfig } from '@playwright/test';
import { chromiumArgs } from './e2e/support/browser-args';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  globalSetup: './e2e/support/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  // A flaky journey is fixed, not retried.
  retries: 0,
  reporter: 'list',
  // Traces and screenshots of failed journeys (open a trace with `npx playwright show-trace <zip>`).
  outputDir: 'e2e/.artifacts/test-results',
  // Generous for 2 shared cores, but bounded so a hung journey fails instead of stalling CI.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs, timeout: 60_000 },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // The journeys' `screen` fixture (e2e/support/fixtures.ts) sets viewport, isMobile and hasTouch.
    deviceScaleFactor: 1,
    locale: 'en-US',
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
