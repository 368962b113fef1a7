// Journey: a first visit asks for every script its page needs from the start. The HTML names the
// entry's scripts, and its inline script preloads the route's own chunks (scripts/route-preload-plugin.ts,
// whose table of each path's page modules is kept by hand beside src/app/routes.tsx): a chunk the page
// loads that neither named would only be asked for once the code before it had run.
import type { Page, Request } from '@playwright/test';
import { signInContext } from './support/api';
import { holdEntry } from './support/entry';
import { expect, test } from './support/fixtures';

/**
 * Opens `path` with the app's entry script held back: what the document names by then (its scripts and
 * module preloads, the inline script's included) is what it was told of from the start. Then lets the
 * app run until the page shows its heading and no script has been asked for a while: every script it asked for must be
 * one of those.
 */
async function expectEveryScriptNamed(page: Page, path: string, heading: string) {
  const asked = new Set<string>();
  let loading = 0;
  let lastScriptEvent = Date.now();
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return;
    asked.add(new URL(request.url()).pathname);
    loading++;
    lastScriptEvent = Date.now();
  });
  const settled = (request: Request) => {
    if (request.resourceType() !== 'script') return;
    loading--;
    lastScriptEvent = Date.now();
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  const { held } = await holdEntry(page);
  await page.goto(path, { waitUntil: 'commit' });
  const entry = await held;
  await page.waitForFunction(() => document.readyState !== 'loading');
  const named = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLScriptElement>('script[src]'),
      ...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'),
    ].map((element) => new URL('src' in element ? element.src : element.href).pathname),
  );
  await entry.continue();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // Scripts quiet as networkidle would judge it (500 ms): the network itself never is on /dashboard,
  // whose live history keeps a stream open.
  await expect
    .poll(() => loading === 0 && Date.now() - lastScriptEvent >= 500, { timeout: 30_000 })
    .toBe(true);
  expect(asked.size).toBeGreaterThan(1);
  expect([...asked].filter((script) => !named.includes(script))).toEqual([]);
}

for (const [path, heading] of [
  ['/', 'A US business number that rings your own phone'],
  ['/login', 'Welcome back'],
  ['/signup', 'Choose your business number'],
  ['/forgot-password', 'Forgot your password?'],
  ['/reset-password?token=x', 'Set a new password'],
] as const) {
  test(`a signed-out first visit to ${path} asks for no script it was not told of`, async ({ page }) => {
    await expectEveryScriptNamed(page, path, heading);
  });
}

for (const [path, heading] of [
  ['/dashboard', 'Dashboard'],
  ['/settings', 'Settings'],
] as const) {
  test(`a signed-in first visit to ${path} asks for no script it was not told of`, async ({
    page,
    subscriber,
  }) => {
    await signInContext(page, subscriber.tokens);
    await expectEveryScriptNamed(page, path, heading);
  });
}
