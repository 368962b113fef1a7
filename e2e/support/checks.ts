import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Device } from './guard';
import { repoRoot } from './server';

// A run writes its pictures beside the server log; `npm run screenshots` refreshes the tracked ones.
const screenshotsDir = process.env.E2E_UPDATE_SCREENSHOTS
  ? path.join(repoRoot, 'docs', 'screenshots')
  : path.join(repoRoot, 'e2e', '.artifacts', 'screenshots');

/** Fails when the page scrolls sideways (spec: usable from 360 px; e2e/narrow.spec.ts: from 320 px). */
export async function assertNoHorizontalScroll(page: Page, screen: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(
    scrollWidth,
    `${screen}: horizontal scroll at ${innerWidth}px wide (document is ${scrollWidth}px wide)`,
  ).toBeLessThanOrEqual(innerWidth);
}

/** Runs axe-core on the page; fails on any serious or critical violation, printing each one. */
async function assertAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking
    .map(
      (v) =>
        `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .slice(0, 5)
          .map(
            (n) => `      ${n.target.join(' ')}\n        ${n.failureSummary?.replace(/\n/g, '\n        ')}`,
          )
          .join('\n'),
    )
    .join('\n');
  const minor = results.violations.filter((v) => !blocking.includes(v));
  if (minor.length)
    console.log(`[axe] ${screen}: minor/moderate: ${minor.map((v) => `${v.id}(${v.impact})`).join(', ')}`);
  expect(blocking.length, `${screen}: axe found serious/critical violations:\n${report}`).toBe(0);
}

/** Saves <screenshotsDir>/<screen>-<phone|desktop>.png (viewport only, so files stay small). */
async function screenshot(page: Page, screen: string, size: Device) {
  mkdirSync(screenshotsDir, { recursive: true });
  // Let toasts and transitions settle so the picture shows the screen, not a moment of it.
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: path.join(screenshotsDir, `${screen}-${size}.png`),
    animations: 'disabled',
    caret: 'hide',
  });
}

/** Puts the pointer over `target` if it is still shown (it may leave meanwhile): whether it did. */
const hoverIfShown = (target: Locator) =>
  target.hover({ timeout: 2_000 }).then(
    () => true,
    () => false,
  );

/** Everything checked on every screen: no sideways scroll, axe, and a screenshot. */
export async function checkScreen(page: Page, screen: string, size: Device) {
  await assertNoHorizontalScroll(page, `${screen} (${size})`);
  // Colours are judged at rest: a prerendered page's submit button is disabled until the app runs
  // (src/lib/useHydrated.ts), then fades in.
  await page.waitForFunction(
    () => !document.querySelector('#root[data-prerendered] [type="submit"]:disabled'),
  );
  // A toast that starts to leave while axe reads it is judged half-faded: the toaster holds its toasts
  // while the pointer is over them (react-hot-toast pauses on mouseenter), so they are checked at rest.
  const toast = page.locator('[data-rht-toaster] [role="status"]').first();
  const held = (await toast.count()) > 0 && (await hoverIfShown(toast));
  // (A spinner's endless animation never ends, and has no colour to judge.)
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await assertAccessible(page, `${screen} (${size})`);
  await screenshot(page, screen, size);
  // The toasts go on (and leave) once the pointer is off them.
  if (held) await page.mouse.move(0, 0);
}

export async function storage(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate(() => {
    const keys = ['access_token', 'refresh_token', 'onboardingStep', 'selectedNumber', 'forwardingNumber'];
    return Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)]));
  });
}
