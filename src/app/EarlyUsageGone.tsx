import { useLayoutEffect } from 'react';
import { EARLY_USAGE, EARLY_USAGE_TEMPLATE } from './earlyUsage';

/**
 * The usage card the page's inline script may have painted before the app's code ran
 * (scripts/early-usage.ts) stands in until a page renders; it goes in that commit, before the browser
 * paints, with its template, so a usage answer arriving later paints nothing.
 */
export function EarlyUsageGone() {
  useLayoutEffect(() => {
    for (const id of [EARLY_USAGE, EARLY_USAGE_TEMPLATE]) document.getElementById(id)?.remove();
  }, []);
  return null;
}
