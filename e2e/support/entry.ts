import type { Page, Route } from '@playwright/test';

/**
 * Holds the app's entry script back the first time the page asks for it: until the held request is
 * continued, the document is there and none of the app's code has run. Call before navigating, and
 * navigate with `waitUntil: 'commit'` (the entry delays the page's load events).
 */
export async function holdEntry(page: Page): Promise<{ held: Promise<Route> }> {
  let hold: (entry: Route) => void = () => {};
  const held = new Promise<Route>((resolve) => (hold = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, (route) => hold(route), { times: 1 });
  return { held };
}
