import { expect, type Locator, type Page } from '@playwright/test';
import type { Person } from './api';
import { storage } from './checks';

/** Waits until localStorage holds the expected values (a RegExp matches a value). */
export async function expectStorage(page: Page, expected: Record<string, string | null | RegExp>) {
  const wanted = Object.fromEntries(
    Object.entries(expected).map(([key, want]) => [
      key,
      want instanceof RegExp ? expect.stringMatching(want) : want,
    ]),
  );
  // A navigation may destroy the page's context mid-read: that poll reads as a mismatch and the next one retries.
  const read = () => storage(page).catch((error: Error) => ({ unreadable: error.message }));
  await expect.poll(read, { message: 'localStorage' }).toMatchObject(wanted);
}

/** Waits until the page's path (a RegExp: path and query) is the expected one. */
export async function expectPath(page: Page, path: string | RegExp) {
  await page.waitForURL((url) =>
    typeof path === 'string' ? url.pathname === path : path.test(url.pathname + url.search),
  );
}

/** A visible text (spec strings are verbatim), waited for. */
export async function see(page: Page | Locator, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

/** Signup step 1: the search results list the area code's numbers; choose the first. Answers its E.164 form. */
export async function chooseFirstNumber(page: Page, areaCode: string) {
  await see(page, 'Choose your business number');
  const option = page.getByRole('button', { name: new RegExp(`\\(${areaCode}\\) \\d{3}-\\d{4}`) }).first();
  await option.waitFor();
  const label = (await option.textContent()) ?? '';
  const digits = /\((\d{3})\) (\d{3})-(\d{4})/.exec(label);
  if (!digits) throw new Error(`a number option reads like (ddd) ddd-dddd, got "${label}"`);
  await option.click();
  return `+1${digits[1]}${digits[2]}${digits[3]}`;
}

export const forwardingField = (page: Page) => page.getByLabel(/forwarding/i).first();

export async function fillAccount(page: Page, person: Person) {
  await page.getByLabel(/full name|^name/i).fill(person.name);
  await page.getByLabel(/email/i).fill(person.email);
  await page.getByLabel(/^password/i).fill(person.password);
  await page.getByRole('checkbox').check();
}

/** The sandbox checkout page (server-rendered): "Start trial" starts the 14-day trial. */
export async function payOnSandboxCheckout(page: Page) {
  await expectPath(page, /^\/api\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Start trial' }).click();
  await expectPath(page, '/checkout/redirect');
}

/**
 * After "Start Free Trial" the app signs in, waits on the trial explainer (/trial) and starts checkout by
 * itself: nothing is clicked here, so a checkout that never starts fails the journey, saying where it stopped.
 */
export async function expectAutomaticCheckout(page: Page) {
  try {
    await page.waitForURL((url) => url.pathname.startsWith('/api/sandbox/checkout/'));
  } catch {
    const body = (await page.locator('body').innerText()).replace(/\s+/g, ' ').slice(0, 200);
    throw new Error(`signup did not go on to checkout by itself: still on ${page.url()} showing "${body}"`);
  }
}

/** Presses Tab until the target has focus (keyboard-only journeys). */
export async function tabTo(page: Page, target: Locator, what: string, maxPresses = 40) {
  await target.waitFor({ state: 'visible' });
  const focused = () =>
    target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));
  for (let i = 0; i < maxPresses; i += 1) {
    if (await focused()) return;
    await page.keyboard.press('Tab');
  }
  const active = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160));
  throw new Error(
    `could not reach ${what} with the Tab key in ${maxPresses} presses (focus is on ${active})`,
  );
}

/** A day (epoch seconds) as the app and the mails write it (en-US, UTC in these journeys). */
export const shownDay = (epochSeconds: number) =>
  new Date(epochSeconds * 1000).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A US number (+1 and 10 digits) as the app shows it: (415) 555-0100. */
export const shownNumber = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;
