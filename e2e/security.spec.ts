// Journey: the browser side of security — the CSP guard itself works (every journey fails on a
// violation, see support/guard.ts), the API docs and hosted pages run under the CSP, the production
// build ships no mock service worker, and the server's DATA_DIR is readable by its owner only.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { see } from './support/flows';
import { repoRoot } from './support/server';

test('an inline script someone slips into the page is blocked and reported', async ({
  page,
  takeCspViolations,
}) => {
  await page.goto('/');
  await see(page, 'Find Your Number');
  const ran = await page.evaluate(async () => {
    const blocked = new Promise<void>((resolve) =>
      document.addEventListener('securitypolicyviolation', () => resolve(), { once: true }),
    );
    const script = document.createElement('script');
    script.textContent = 'window.injected = true;';
    document.body.append(script);
    // An inline script that may run runs as it is inserted; one the CSP blocks is reported after.
    if ('injected' in window) return true;
    await blocked;
    return 'injected' in window;
  });
  expect(ran, 'the injected inline script did not run').toBe(false);
  const violations: string[] = [];
  await expect
    .poll(() => {
      violations.push(...takeCspViolations());
      return violations.some((v) => v.startsWith('script-src'));
    }, 'the violation was reported')
    .toBe(true);
});

test('the API docs render under the CSP', async ({ page }) => {
  await page.goto('/api/docs');
  await see(page, 'Forwardly API');
  await see(page, '/api/auth/login');
});

test('the production build ships no mock service worker', async ({ baseURL }) => {
  expect(existsSync(path.join(repoRoot, 'dist', 'mockServiceWorker.js'))).toBe(false);
  expect((await fetch(`${baseURL}/mockServiceWorker.js`)).status).toBe(404);
});

// PGlite gives its own files mode 0666 whatever the umask; the 0700 folders around them (Postgres makes
// its folders 0700 too) are what keep them to the owner. Every other file is 0600.
test('the server keeps DATA_DIR to its owner: every folder 0700, every file outside the database 0600', ({
  dataDir,
}) => {
  const open: string[] = [];
  const visit = (file: string) => {
    const stat = statSync(file);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) open.push(`${file} ${mode.toString(8)}`);
      for (const entry of readdirSync(file)) visit(path.join(file, entry));
    } else if (mode & 0o077 && !file.startsWith(path.join(dataDir, 'db') + path.sep)) {
      open.push(`${file} ${mode.toString(8)}`);
    }
  };
  visit(dataDir);
  expect(open).toEqual([]);
});
