import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { billingSettings } from '../../db/schema';

// Usage emails (80 % and 100 % of the month's minutes, a receipt per extra-minutes charge): on
// unless the account switched them off in settings.
export async function usageEmailsOn(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.userId, userId));
  return row?.usageEmails ?? true;
}

export async function setUsageEmails(db: Db, userId: string, enabled: boolean) {
  await db
    .insert(billingSettings)
    .values({ userId, usageEmails: enabled })
    .onConflictDoUpdate({
      target: billingSettings.userId,
      set: { usageEmails: enabled, updatedAt: new Date() },
    });
}
