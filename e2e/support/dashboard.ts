import type { Page } from '@playwright/test';

// Locators of the dashboard, by role and label as a person (or a screen reader) finds them.
export const dialField = (page: Page) =>
  page.getByRole('textbox', { name: /number to call|phone number|dial|call/i }).first();
export const historyRegion = (page: Page) =>
  page
    .getByRole('region', { name: /call history/i })
    .or(page.locator('section', { hasText: 'Call History' }))
    .first();
/** One row per call: table body rows or list items inside the history. */
export const historyRows = (page: Page) =>
  historyRegion(page)
    .locator('tbody tr, [role="listitem"], li')
    .filter({ hasText: /\(\d{3}\) \d{3}-\d{4}/ });
