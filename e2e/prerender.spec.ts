// Journey: the public pages arrive as HTML (the build prerenders them from the app's own components)
// and the app takes them over in place (hydration): no second render, no error, links work.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page, Route } from 'playwright-core';
import { baseUrl, newPage, TEST_TIMEOUT, useBrowser } from './support/browser';
import { see } from './support/flows';

useBrowser();

const LANDING_HEADING = 'A US business number that rings your own phone';

/**
 * Opens a prerendered page and holds the app's entry script back once the page asks for it: the page
 * is there, React is not, until the returned request is continued.
 */
async function openWithEntryHeld(page: Page, path: string): Promise<Route> {
  let hold: (entry: Route) => void = () => {};
  const entry = new Promise<Route>((resolve) => (hold = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, (route) => hold(route), { times: 1 });
  // A module script delays DOMContentLoaded: wait for the page's markup instead.
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.getElementById('root')?.nextElementSibling !== null);
  return entry;
}

test('the landing page and the sign-in page are in the HTML itself; other paths get the bare app', async () => {
  const html = async (path: string) => (await fetch(baseUrl + path)).text();
  const landing = await html('/');
  assert.match(landing, new RegExp(`<h1[^>]*>${LANDING_HEADING}</h1>`));
  assert.doesNotMatch(landing, /\ssx="/, 'style props stay off the elements');
  assert.match(await html('/login'), /<h1[^>]*>Welcome back<\/h1>/);
  const signup = await html('/signup');
  assert.doesNotMatch(signup, /<h1/);
  assert.match(signup, /<div id="root"><\/div>/);
});

test(
  'the browser hydrates the prerendered landing page: same elements, no error, links navigate in the app',
  { timeout: TEST_TIMEOUT },
  async () => {
    const { context, page } = await newPage('phone');
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      // The app's entry waits until the prerendered page has been marked.
      const entry = await openWithEntryHeld(page, '/');
      assert.ok(entry, 'the entry script was requested and held');
      await page.evaluate(() => {
        (window as unknown as { prerendered: Element }).prerendered = document.querySelector('h1')!;
      });
      await entry.continue();

      // Hydrated: React has adopted the very element the HTML brought (a re-render would replace it).
      await page.waitForFunction(() => {
        const heading = document.querySelector('h1');
        const marked = (window as unknown as { prerendered: Element }).prerendered;
        return heading === marked && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
      });
      await see(page, 'Find Your Number');
      // A client-side navigation: only a hydrated page's router handles the click without a reload.
      await page.getByRole('link', { name: 'Sign in' }).first().click();
      await see(page, 'Welcome back');
      assert.equal(new URL(page.url()).pathname, '/login');
      const kept = await page.evaluate(() => {
        const marked = (window as unknown as { prerendered?: Element }).prerendered;
        return { sameWindow: marked !== undefined, wasInPage: marked?.textContent };
      });
      assert.deepEqual(kept, { sameWindow: true, wasInPage: LANDING_HEADING });
      assert.deepEqual(errors, [], 'no hydration mismatch or other error was reported');
    } finally {
      await context.close();
    }
  },
);

test(
  'what a visitor types before the page comes alive is kept, on the landing page and the sign-in page',
  { timeout: TEST_TIMEOUT },
  async () => {
    const { context, page } = await newPage('desktop');
    const typeThenHydrate = async (path: string, fields: Record<string, string>, button: string) => {
      const entry = await openWithEntryHeld(page, path);
      for (const [label, text] of Object.entries(fields))
        await page.getByLabel(label).pressSequentially(text);
      await entry.continue();
      await page.getByRole('button', { name: button }).and(page.locator(':enabled')).waitFor();
    };
    try {
      await typeThenHydrate('/', { 'Area code': '5a1b2' }, 'Find Your Number');
      assert.equal(await page.getByLabel('Area code').inputValue(), '512', 'kept, digits only');
      await typeThenHydrate('/login', { Email: 'early@example.com', Password: 'typed-early' }, 'Sign in');
      assert.equal(await page.getByLabel('Email').inputValue(), 'early@example.com');
      assert.equal(await page.getByLabel('Password').inputValue(), 'typed-early');
      await page.getByLabel('Password').press('End');
      await page.getByLabel('Password').pressSequentially('!');
      assert.equal(
        await page.getByLabel('Password').inputValue(),
        'typed-early!',
        'and the page goes on from it',
      );
    } finally {
      await context.close();
    }
  },
);

test(
  'a stored session gets the app, not the prerendered landing page',
  { timeout: TEST_TIMEOUT },
  async () => {
    const { context, page } = await newPage('desktop');
    try {
      // Not a valid token: the app signs it out and shows the sign-in page, which it rendered itself.
      await page.addInitScript(() => {
        if (!sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1');
          localStorage.setItem('access_token', 'not-a-token');
        }
      });
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      assert.equal(await page.locator('h1', { hasText: LANDING_HEADING }).count(), 0);
      await see(page, 'Welcome back');
    } finally {
      await context.close();
    }
  },
);
