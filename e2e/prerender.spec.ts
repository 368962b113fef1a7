// Journey: the public pages arrive as HTML (the build prerenders them from the app's own components)
// and the app takes them over in place (hydration): no second render, no error, links work.
import type { Page, Route } from '@playwright/test';
import { signInContext } from './support/api';
import { expect, test } from './support/fixtures';
import { holdEntry } from './support/entry';
import { see } from './support/flows';

const LANDING_HEADING = 'A US business number that rings your own phone';

/**
 * Opens a prerendered page and holds the app's entry script back once the page asks for it: the page
 * is there, React is not, until the returned request is continued.
 */
async function openWithEntryHeld(page: Page, path: string): Promise<Route> {
  const { held } = await holdEntry(page);
  // A module script delays DOMContentLoaded: wait for the page's markup instead.
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForFunction(() => document.getElementById('root')?.nextElementSibling !== null);
  return held;
}

test('the landing page and the sign-in page are in the HTML itself; other paths get the bare app', async ({
  baseURL,
}) => {
  const html = async (path: string) => (await fetch(baseURL + path)).text();
  const landing = await html('/');
  expect(landing).toMatch(new RegExp(`<h1[^>]*>${LANDING_HEADING}</h1>`));
  expect(landing, 'style props stay off the elements').not.toMatch(/\ssx="/);
  expect(await html('/login')).toMatch(/<h1[^>]*>Welcome back<\/h1>/);
  const signup = await html('/signup');
  expect(signup).not.toMatch(/<h1/);
  expect(signup, 'the app arrives showing its loading indicator').toMatch(
    /<div id="root" data-placeholder>.*role="progressbar" aria-label="Loading".*<\/div>/,
  );
});

test('a signed-in dashboard shows the loading indicator and its usage before its scripts run, then the page in its place', async ({
  page,
  subscriber,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await signInContext(page, subscriber.tokens);
  const entry = await openWithEntryHeld(page, '/dashboard');
  // Painted from the HTML alone, styled by what it arrived with (the spinner turns).
  const loading = page.getByRole('progressbar', { name: 'Loading' });
  await expect(loading).toBeVisible();
  expect(await loading.evaluate((spinner) => getComputedStyle(spinner).animationName)).not.toBe('none');
  // The trial's usage card, painted from the early usage answer by the inline script alone.
  const usage = page.getByRole('region', { name: 'Usage this month' });
  await expect(usage).toBeVisible();
  await expect(usage).toContainText('0 of 100 minutes used');
  await expect(usage).toContainText('Free trial: 0 of 300 minutes of calls used.');
  await expect(usage.getByRole('progressbar', { name: 'Included minutes used' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  await entry.continue();
  await see(page, /of 100 minutes used/);
  await expect(page.getByRole('region', { name: 'Usage this month' }), "only the app's card").toHaveCount(1);
  await expect(page.locator('#root').getByRole('region', { name: 'Usage this month' })).toBeVisible();
  await expect(page.locator('#root [role="progressbar"][aria-label="Loading"]')).toHaveCount(0);
  expect(
    await page.locator('#root > [data-rht-toaster]').count(),
    'one toaster: the markup was replaced',
  ).toBe(1);
  expect(errors).toEqual([]);
});

test.describe(() => {
  test.use({ device: 'phone' });

  test('the browser hydrates the prerendered landing page: same elements, no error, links navigate in the app', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    // The app's entry waits until the prerendered page has been marked.
    const entry = await openWithEntryHeld(page, '/');
    expect(entry, 'the entry script was requested and held').toBeTruthy();
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
    expect(new URL(page.url()).pathname).toBe('/login');
    const kept = await page.evaluate(() => {
      const marked = (window as unknown as { prerendered?: Element }).prerendered;
      return { sameWindow: marked !== undefined, wasInPage: marked?.textContent };
    });
    expect(kept).toEqual({ sameWindow: true, wasInPage: LANDING_HEADING });
    expect(errors, 'no hydration mismatch or other error was reported').toEqual([]);
  });
});

test('what a visitor types before the page comes alive is kept, on the landing page and the sign-in page', async ({
  page,
}) => {
  const typeThenHydrate = async (path: string, fields: Record<string, string>, button: string) => {
    const entry = await openWithEntryHeld(page, path);
    // The field itself: a password field's show-password toggle is labelled too.
    for (const [label, text] of Object.entries(fields))
      await page.getByLabel(label).and(page.locator('input')).pressSequentially(text);
    await entry.continue();
    await page.getByRole('button', { name: button }).and(page.locator(':enabled')).waitFor();
  };
  await typeThenHydrate('/', { 'Area code': '5a1b2' }, 'Find Your Number');
  // The area-code button does not wait for the app (a native submit is harmless): the cleaned value says it ran.
  await expect(page.getByLabel('Area code'), 'kept, digits only').toHaveValue('512');
  await typeThenHydrate('/login', { Email: 'early@example.com', Password: 'typed-early' }, 'Sign in');
  expect(await page.getByLabel('Email').inputValue()).toBe('early@example.com');
  const password = page.getByLabel('Password').and(page.locator('input'));
  expect(await password.inputValue()).toBe('typed-early');
  await password.press('End');
  await password.pressSequentially('!');
  expect(await password.inputValue(), 'and the page goes on from it').toBe('typed-early!');
});

test('a stored session gets the app, not the prerendered landing page', async ({ page }) => {
  // Not a valid token: the app signs it out and shows the sign-in page, which it rendered itself.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('access_token', 'not-a-token');
    }
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  expect(await page.locator('h1', { hasText: LANDING_HEADING }).count()).toBe(0);
  await see(page, 'Welcome back');
});
