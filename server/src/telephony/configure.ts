import { eq } from 'drizzle-orm';
import { phoneNumbers } from '../db/schema';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { numberView, ownNumber } from './numbers';
import { requireLiveSubscription } from './subscription';
import { webhookUrls } from './urls';

// Sets where calls to the virtual number ring. The provider keeps pointing at our voice webhook
// (re-applied here in case it drifted); the forwarding itself is applied by that webhook.
export async function configureNumber(deps: AppDeps, userId: string, number: string, forwarding: string) {
  await requireLiveSubscription(deps.db, userId);
  const row = await ownNumber(deps.db, userId, number);
  if (forwarding === number) {
    throw new HttpError(400, 'bad_request', 'Calls cannot be forwarded to the business number itself.');
  }
  if (row.providerSid) await deps.telephony.updateNumber(row.providerSid, webhookUrls(deps.config.appUrl));
  const [updated] = await deps.db
    .update(phoneNumbers)
    .set({ forwardingNumber: forwarding })
    .where(eq(phoneNumbers.id, row.id))
    .returning();
  return numberView(updated);
}
