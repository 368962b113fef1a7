// The plan's usage terms (spec §9).
export const INCLUDED_MINUTES = 100;
export const OVERAGE_CENTS_PER_MINUTE = 2;

/** Billed minutes of one call: every started minute counts. */
export const billedMinutes = (seconds: number) => Math.ceil(Math.max(0, seconds) / 60);

export const overageMinutes = (minutesUsed: number) => Math.max(0, minutesUsed - INCLUDED_MINUTES);

export const overageCents = (minutesUsed: number) => overageMinutes(minutesUsed) * OVERAGE_CENTS_PER_MINUTE;

/** The first day of the UTC month of `at`, as the usage_months key. */
export function monthOf(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;
}
