// The plan of spec §1/§9, as the landing page's estimator shows it.
export const PLAN = {
  monthlyDollars: 5,
  yearlyDollars: 60,
  includedMinutes: 100,
  centsPerExtraMinute: 2,
  usageThresholdDollars: 10,
  trialDays: 14,
  // A trial's calls stop after this many minutes in total.
  trialCallMinutes: 300,
} as const;

export const ESTIMATOR = { min: 0, max: 1000, step: 10, defaultMinutes: 100 } as const;

/** Estimated monthly cost in cents: the plan's monthly share plus minutes over the included ones. */
export const monthlyEstimateCents = (minutes: number): number =>
  PLAN.monthlyDollars * 100 + Math.max(0, minutes - PLAN.includedMinutes) * PLAN.centsPerExtraMinute;

export const formatDollars = (cents: number): string => `$${(cents / 100).toFixed(2)}`;
