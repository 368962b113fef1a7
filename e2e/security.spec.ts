// Journey: the browser side of security — the CSP guard itself works (every journey fails on a
// violation, see support/browser.ts), the API docs and hosted pages run under the CSP, the production
// build ships no mock service worker, and the server's DATA_DIR is readable by its owner only.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { baseUrl, dataDir, newPage, takeCspViolations, TEST_TIMEOUT, useBrowser } from './support/browser';
import { see } from './support/flows';
import { repoRoot } from './support/server';

useBrowser();

test(
  'an inline script someone slips into the page is blocked and reported',
  { timeout: TEST_TIMEOUT },
  async () => {
    const { context, page } = await newPage('desktop');
    try {
      await page.goto('/');
      await see(page, 'Find Your Number');
      const ran = await page.evaluate(async () => {
        const script = document.createElement('script');
        script.textContent = 'window.injected = true;';
        document.body.append(script);
        await new Promise((resolve) => setTimeout(resolve, 100));
        return 'injected' in window;
      });
      assert.equal(ran, false, 'the injected inline script did not run');
      const violations = takeCspViolations();
      assert.ok(
        violations.some((v) => v.startsWith('script-src')),
        `the violation was reported: ${violations.join(', ')}`,
      );
    } finally {
      await context.close();
    }
  },
);

test('the API docs render under the CSP', { timeout: TEST_TIMEOUT }, async () => {
  const { context, page } = await newPage('desktop');
  try {
    await page.goto('/api/docs');
    await see(page, 'Forwardly API');
    await see(page, '/api/auth/login');
  } finally {
    await context.close();
  }
});

test('the production build ships no mock service worker', async () => {
  assert.equal(existsSync(path.join(repoRoot, 'dist', 'mockServiceWorker.js')), false);
  assert.equal((await fetch(`${baseUrl}/mockServiceWorker.js`)).status, 404);
});

// PGlite gives its own files mode 0666 whatever the umask; the 0700 folders around them (Postgres makes
// its folders 0700 too) are what keep them to the owner. Every other file is 0600.
test('the server keeps DATA_DIR to its owner: every folder 0700, every file outside the database 0600', () => {
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
  assert.deepEqual(open, []);
});
