/**
 * The usage card's figures from the usage answer, shared by the card (UsageSummary, TrialMinutes) and
 * the inline script that paints the card before the app's code runs (scripts/early-usage.ts reads these
 * functions' source): dependency-free and self-contained.
 */

/** The share of the month's included minutes used, as the card's progress bar shows it (0–100). */
export function usedPercent(used: number, included: number): number {
  return Math.min(100, (used / Math.max(1, included)) * 100);
}

/** Which note the card shows a trial: from 80 % of its minutes a warning, at 100 % that calls stopped. */
export function trialNote(used: number, limit: number): 'used up' | 'warning' | 'plain' {
  return used >= limit ? 'used up' : used >= limit * 0.8 ? 'warning' : 'plain';
}
