// Every browser context a journey opens is guarded: requests leave only for 127.0.0.1, and a 5xx answered
// to the browser or a Content-Security-Policy violation fails the journey, whatever it asserts.
import { expect, type Browser, type BrowserContext } from '@playwright/test';

export const devices = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
  // The narrowest phones still sold (iPhone SE 1st generation, small Androids): usable, no sideways scroll.
  narrow: { viewport: { width: 320, height: 568 }, isMobile: true, hasTouch: true },
} as const;
export type Device = keyof typeof devices;

/** What the guarded contexts of one journey (or one seeding) saw go wrong. */
export interface BrowserReports {
  serverErrors: string[];
  cspViolations: string[];
}
export const noReports = (): BrowserReports => ({ serverErrors: [], cspViolations: [] });

export function expectNoReports({ serverErrors, cspViolations }: BrowserReports) {
  expect(serverErrors, `the server answered 5xx to the browser:\n  ${serverErrors.join('\n  ')}`).toEqual([]);
  expect(cspViolations, `the page broke its CSP:\n  ${cspViolations.join('\n  ')}`).toEqual([]);
}

/** Guards a context: local requests only; 5xx answers and CSP violations go into `reports`. */
export async function guardContext(context: BrowserContext, reports: BrowserReports) {
  await context.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (route) => route.abort());
  await context.exposeBinding('reportCspViolation', (_source, violation: string) => {
    reports.cspViolations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (v: string) => void }).reportCspViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${event.documentURI}`);
    });
  });
  context.on('response', (response) => {
    if (response.status() >= 500)
      reports.serverErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  // Page errors are printed, not failed on (axe-core finishes its run in an about:blank page of the
  // context, where a session's init script cannot reach storage: that noise is left out).
  context.on('page', (page) =>
    page.on('pageerror', (error) => {
      if (page.url() !== 'about:blank') console.log(`[page error] ${error.message} (${page.url()})`);
    }),
  );
}

/** A fresh guarded context of a device (the config's other `use` options apply as to `context`). */
export async function newGuardedContext(browser: Browser, device: Device, reports: BrowserReports) {
  const context = await browser.newContext({ ...devices[device] });
  await guardContext(context, reports);
  return context;
}
