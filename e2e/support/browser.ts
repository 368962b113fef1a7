import assert from 'node:assert/strict';
import { after, afterEach } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumArgs } from './browser-args';

export const viewports = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof viewports;

export const baseUrl = (() => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the journeys through `npm run test:e2e`');
  return url;
})();
export const dataDir = process.env.E2E_DATA_DIR ?? '';

// Timeouts: generous for 2 shared cores, but bounded so a hung journey fails instead of stalling CI.
export const ACTION_TIMEOUT = 15_000;
export const NAVIGATION_TIMEOUT = 30_000;
export const TEST_TIMEOUT = 180_000;

let browser: Promise<Browser> | undefined;
const serverErrors: string[] = [];
const cspViolations: string[] = [];

/** The CSP violations reported since the last call (a journey that provokes one on purpose takes it). */
export const takeCspViolations = () => cspViolations.splice(0);

/** One Chromium per spec file: opened on first use, closed after the file's tests. */
export function useBrowser() {
  // Whatever a journey asserts, a server error answered to the browser fails it.
  afterEach(() => {
    const errors = serverErrors.splice(0);
    assert.deepEqual(errors, [], `the server answered 5xx to the browser:\n  ${errors.join('\n  ')}`);
    // Every screen runs under the server's Content-Security-Policy: anything it blocks fails the journey.
    const violations = takeCspViolations();
    assert.deepEqual(violations, [], `the page broke its CSP:\n  ${violations.join('\n  ')}`);
  });
  after(async () => {
    await (await browser)?.close();
    browser = undefined;
  });
}

const launched = () =>
  (browser ??= chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs, timeout: 60_000 }));

/** A fresh, isolated browser context (its own storage) at one of the two screen sizes. */
export async function newPage(
  viewport: ViewportName = 'desktop',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await (
    await launched()
  ).newContext({
    baseURL: baseUrl,
    viewport: viewports[viewport],
    deviceScaleFactor: 1,
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
    locale: 'en-US',
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(ACTION_TIMEOUT);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT);
  // Tests only ever talk to the local server.
  await context.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (route) => route.abort());
  await context.exposeBinding('reportCspViolation', (_source, violation: string) => {
    cspViolations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (v: string) => void }).reportCspViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${event.documentURI}`);
    });
  });
  const page = await context.newPage();
  context.on('response', (response) => {
    if (response.status() >= 500)
      serverErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('pageerror', (error) => console.log(`[page error] ${error.message}`));
  return { context, page };
}
