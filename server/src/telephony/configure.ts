import { eq } from 'drizzle-orm';
import { phoneNumbers } from '../db/schema';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { assertDestinations } from '../policy/destinations';
import { numberView, ownNumber } from './numbers';
import { requireLiveSubscription } from './subscription';
import { numberWebhooks } from './urls';

export interface NumberConfiguration {
  twilio_number: string;
  forwarding_number: string;
  // Left as it is when absent.
  announce_calls?: boolean;
}

// Sets where calls to the virtual number ring, and whether the owner hears "Business call" first.
// The provider keeps pointing at our voice webhook (re-applied here in case it drifted); the
// forwarding itself is applied by that webhook.
export async function configureNumber(deps: AppDeps, userId: string, body: NumberConfiguration) {
  await requireLiveSubscription(deps.db, userId);
  const row = await ownNumber(deps.db, userId, body.twilio_number);
  if (body.forwarding_number === body.twilio_number) {
    throw new HttpError(400, 'bad_request', 'Calls cannot be forwarded to the business number itself.');
  }
  await assertDestinations(deps.db, body.forwarding_number);
  if (row.providerSid) await deps.telephony.updateNumber(row.providerSid, numberWebhooks(deps.config.appUrl));
  const [updated] = await deps.db
    .update(phoneNumbers)
    .set({
      forwardingNumber: body.forwarding_number,
      announceCalls: body.announce_calls ?? row.announceCalls,
    })
    .where(eq(phoneNumbers.id, row.id))
    .returning();
  return numberView(updated);
}
