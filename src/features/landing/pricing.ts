import { MONTHLY_PRICE_CENTS, overageCents } from '@rules/plan';

// The landing page's bill estimator (the plan's terms are in rules/plan.ts).
export const ESTIMATOR = { min: 0, max: 1000, step: 10, defaultMinutes: 100 } as const;

/** Estimated monthly cost in cents: the plan's monthly share plus minutes over the included ones. */
export const monthlyEstimateCents = (minutes: number): number => MONTHLY_PRICE_CENTS + overageCents(minutes);
