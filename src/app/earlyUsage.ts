import type { Usage } from '@contract/calls';

/**
 * A signed-in visit to the dashboard paints its usage card from the early usage answer before the
 * app's code has run (scripts/early-usage.ts): app.html carries the card rendered by the build for
 * this sample answer, as a template; the page's inline script writes the visitor's figures in its
 * place. Dependency-free: the build reads it.
 */
export const USAGE_SAMPLE: Usage = {
  period_start: '2026-01-01',
  period_end: '2026-01-31',
  minutes_used: 3750,
  included_minutes: 10000,
  overage_cents: 0,
  trial: { minutes_used: 1234, minutes_limit: 9876 },
};

/** The template's id in app.html, and the painted card's, which the app removes once a page renders. */
export const EARLY_USAGE_TEMPLATE = 'early-usage-template';
export const EARLY_USAGE = 'early-usage';
