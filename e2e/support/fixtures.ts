// The journeys' `test` and `expect`: Playwright Test's, with the fixtures every journey shares.
//   device      'phone' (390×844, touch) or 'desktop' (1280×800, the default): `test.use({ device })`
//   page        Playwright's page, in a fresh context per test on that device, guarded (below)
//   newPage     another fresh, guarded context in the same test (another device or person), closed after it
//   subscriber  a trialing subscriber with a forwarded 512 number (API + the sandbox checkout page)
//   signedIn    `page`, signed in as `subscriber` and opened at /dashboard
//   dataDir     the server's DATA_DIR (the mail outbox, the JWT secret)
// Every context a journey opens is guarded (support/guard.ts): requests leave only for 127.0.0.1, and a
// 5xx answered to the browser or a Content-Security-Policy violation fails the journey.
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import path from 'node:path';
import { signInContext, type Tokens } from './api';
import {
  expectNoReports,
  guardContext,
  newGuardedContext,
  noReports,
  devices,
  type BrowserReports,
  type Device,
} from './guard';
import { seedSubscriber, type Subscriber } from './seed';
import { e2eServer } from './server';

export { expect };
export type { Device };

interface Fixtures {
  device: Device;
  browserReports: BrowserReports;
  /** The CSP violations reported since the last call (a journey that provokes one on purpose takes it). */
  takeCspViolations: () => string[];
  newPage: (device?: Device, session?: Tokens) => Promise<Page>;
  subscriber: Subscriber;
  signedIn: Page;
  dataDir: string;
}

export const test = base.extend<Fixtures, { server: { baseUrl: string; dataDir: string } }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  server: [async ({}, use) => use(e2eServer()), { scope: 'worker' }],
  baseURL: async ({ server }, use) => use(server.baseUrl),
  dataDir: async ({ server }, use) => use(server.dataDir),

  device: ['desktop', { option: true }],
  viewport: async ({ device }, use) => use(devices[device].viewport),
  isMobile: async ({ device }, use) => use(devices[device].isMobile),
  hasTouch: async ({ device }, use) => use(devices[device].hasTouch),

  // eslint-disable-next-line no-empty-pattern -- as above
  browserReports: async ({}, use) => {
    const reports = noReports();
    await use(reports);
    // Torn down after every context of the test has closed, so nothing it saw is missed.
    expectNoReports(reports);
  },
  takeCspViolations: async ({ browserReports }, use) => use(() => browserReports.cspViolations.splice(0)),

  context: async ({ context, browserReports }, use) => {
    await guardContext(context, browserReports);
    await use(context);
  },

  newPage: async ({ browser, browserReports }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (device = 'desktop', session) => {
      const context = await newGuardedContext(browser, device, browserReports);
      contexts.push(context);
      const page = await context.newPage();
      if (session) await signInContext(page, session);
      return page;
    });
    for (const context of contexts) await context.close();
  },

  // eslint-disable-next-line no-empty-pattern -- as above
  subscriber: async ({}, use, testInfo) =>
    use(await seedSubscriber(path.basename(testInfo.file, '.spec.ts'))),

  signedIn: async ({ page, subscriber }, use) => {
    await signInContext(page, subscriber.tokens);
    await page.goto('/dashboard');
    await use(page);
  },
});
