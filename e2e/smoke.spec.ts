import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newPage, TEST_TIMEOUT, useBrowser } from './support/browser';

useBrowser();

test('the built app is served and titled Forwardly', { timeout: TEST_TIMEOUT }, async () => {
  const { context, page } = await newPage('desktop');
  try {
    await page.goto('/');
    assert.equal(await page.title(), 'Forwardly');
    const health = await page.request.get('/api/health');
    assert.equal(health.status(), 200);
  } finally {
    await context.close();
  }
});
