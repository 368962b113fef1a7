import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { Person } from './api';
import { storage } from './checks';

/** Waits until a condition on the page holds (polling), failing with a clear message. */
export async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  assert.fail(`timed out after ${timeoutMs} ms waiting for: ${what}`);
}

export async function expectStorage(page: Page, expected: Record<string, string | null | RegExp>) {
  await eventually(
    async () => {
      const actual = await storage(page);
      return Object.entries(expected).every(([key, want]) =>
        want instanceof RegExp ? want.test(actual[key] ?? '') : actual[key] === want,
      );
    },
    `localStorage to hold ${JSON.stringify(expected, (_k, v: unknown) => (v instanceof RegExp ? String(v) : v))}`,
  ).catch(async (error: unknown) => {
    throw new Error(`${(error as Error).message}\n  actual: ${JSON.stringify(await storage(page))}`);
  });
}

export async function expectPath(page: Page, path: string | RegExp, timeout = 20_000) {
  await page.waitForURL(
    (url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname + url.search)),
    {
      timeout,
    },
  );
}

/** A visible text (spec strings are verbatim), waited for. */
export async function see(page: Page | Locator, text: string | RegExp, timeout = 15_000) {
  await page.getByText(text).first().waitFor({ state: 'visible', timeout });
}

/** Signup step 1: the search results list the area code's numbers; choose the first. Answers its E.164 form. */
export async function chooseFirstNumber(page: Page, areaCode: string) {
  await see(page, 'Choose your business number');
  const option = page.getByRole('button', { name: new RegExp(`\\(${areaCode}\\) \\d{3}-\\d{4}`) }).first();
  await option.waitFor();
  const label = (await option.textContent()) ?? '';
  const digits = /\((\d{3})\) (\d{3})-(\d{4})/.exec(label);
  assert.ok(digits, `a number option reads like (ddd) ddd-dddd, got "${label}"`);
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
  await expectPath(page, /^\/api\/sandbox\/checkout\//, 30_000);
  await page.getByRole('button', { name: 'Start trial' }).click();
  await expectPath(page, '/checkout/redirect', 30_000);
}

/**
 * After "Start Free Trial" the app signs in, waits on the trial explainer (/trial) and starts checkout by
 * itself: nothing is clicked here, so a checkout that never starts fails the journey, saying where it stopped.
 */
export async function expectAutomaticCheckout(page: Page) {
  const atCheckout = (url: URL) => url.pathname.startsWith('/api/sandbox/checkout/');
  try {
    await page.waitForURL(atCheckout, { timeout: 30_000 });
  } catch {
    const body = (await page.locator('body').innerText()).replace(/\s+/g, ' ').slice(0, 200);
    assert.fail(`signup did not go on to checkout by itself: still on ${page.url()} showing "${body}"`);
  }
}

/** Presses Tab until the target has focus (keyboard-only journeys). */
export async function tabTo(page: Page, target: Locator, what: string, maxPresses = 40) {
  await target.waitFor({ state: 'visible' });
  const focused = () =>
    target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement), undefined, {
      timeout: 2_000,
    });
  for (let i = 0; i < maxPresses; i += 1) {
    if (await focused()) return;
    await page.keyboard.press('Tab');
  }
  const active = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 160));
  assert.fail(`could not reach ${what} with the Tab key in ${maxPresses} presses (focus is on ${active})`);
}
