// Where the minutes past the plan go. Billing implements this (Stripe usage records or its
// sandbox); usage only tells it, after each completed call, how far over the month now is.

export interface OverageReport {
  userId: string;
  // First day of the UTC month, YYYY-MM-DD.
  month: string;
  minutesUsed: number;
  // Minutes over the included ones that this call added (already rounded up per call).
  newOverageMinutes: number;
}

export interface UsageReporter {
  reportOverage(report: OverageReport): Promise<void>;
}

// Until billing plugs in its own: the figures stay in usage_months, and the log says what was due.
export function loggingUsageReporter(log: (message: string) => void): UsageReporter {
  return {
    async reportOverage(r) {
      log(`usage: ${r.newOverageMinutes} overage minute(s) for user ${r.userId} in ${r.month}`);
    },
  };
}
