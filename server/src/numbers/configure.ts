import { eq } from 'drizzle-orm';
import { phoneNumbers } from '../db/schema';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { assertDestinations } from '../policy/destinations';
import { numberView, ownNumber } from './numbers';
import type { BodyOf } from '../../../contract/endpoint';
import type { numberEndpoints } from '../../../contract/endpoints/numbers';
import { requireLiveSubscription } from './subscription';
import { numberWebhooks } from '../calls/urls';
import { numberRefusals } from '../../../contract/refusals/numbers';

// announce_calls and email_texts are left as they are when absent.
type NumberConfiguration = BodyOf<typeof numberEndpoints.configure>;

// Sets where calls to the virtual number ring, and whether the owner hears "Business call" first.
// The provider keeps pointing at our voice webhook (re-applied here in case it drifted); the
// forwarding itself is applied by that webhook, and by the fallback while we are down, which
// forwards to the new phone from now on.
export async function configureNumber(deps: AppDeps, userId: string, body: NumberConfiguration) {
  await requireLiveSubscription(deps.db, userId);
  const row = await ownNumber(deps.db, userId, body.twilio_number);
  if (body.forwarding_number === body.twilio_number) {
    throw new HttpError(numberRefusals.forwardingToItself);
  }
  await assertDestinations(deps.db, body.forwarding_number);
  if (row.providerSid) {
    await deps.telephony.updateNumber(
      row.providerSid,
      numberWebhooks(deps.config.appUrl, body.forwarding_number),
    );
  }
  const [updated] = await deps.db
    .update(phoneNumbers)
    .set({
      forwardingNumber: body.forwarding_number,
      announceCalls: body.announce_calls ?? row.announceCalls,
      emailTexts: body.email_texts ?? row.emailTexts,
    })
    .where(eq(phoneNumbers.id, row.id))
    .returning();
  return numberView(updated);
}
