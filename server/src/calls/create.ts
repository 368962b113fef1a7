import { eq } from 'drizzle-orm';
import { requireService } from '../billing/service-gate';
import { calls } from '../db/schema';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { assertDestinations } from '../policy/destinations';
import { allotCallTime } from './allotments';
import { FIRST_LEG_TIMEOUT_SECONDS } from './limits';
import { ownNumber } from '../numbers/numbers';
import { callbackUrl, ROUTES } from './urls';
import { promptTwiml } from './click-to-call-twiml';
import { deleteCall } from './record';
import { reserveCall } from './reserve';
import { assertTrialAttemptsLeft } from './trial-attempts';
import type { BodyOf } from '../../../contract/endpoint';
import type { callEndpoints } from '../../../contract/endpoints/calls';
import { callView } from './view';
import { callRefusals } from '../../../contract/refusals/calls';

type ClickToCallRequest = BodyOf<typeof callEndpoints.createCall>;

/**
 * Click-to-call: rings the user's own configured phone from their virtual number; once they answer
 * and press 1, the recipient is dialled with the virtual number as caller ID. The call is recorded
 * first ('queued', holding the account's one-call slot), then placed; if the provider refuses it,
 * the record goes again and nothing is left behind. Its legs' reports move it on from there.
 */
export async function createCall(deps: AppDeps, userId: string, body: ClickToCallRequest) {
  const allowance = await requireService(deps.db, userId);
  const number = await ownNumber(deps.db, userId, body.from_number);
  if (!number.forwardingNumber) {
    throw new HttpError(callRefusals.forwardingNotSet);
  }
  // Never ring a phone the account did not configure as its own.
  if (body.forwarding_number !== number.forwardingNumber) {
    throw new HttpError(callRefusals.forwardingMismatch);
  }
  if (body.recipient === number.phoneNumber) {
    throw new HttpError(callRefusals.ownNumber);
  }
  await assertDestinations(deps.db, number.forwardingNumber, body.recipient);
  await assertTrialAttemptsLeft(deps.db, userId, allowance);

  const row = await reserveCall(deps.db, number, body.recipient);
  deps.callEvents.publish(userId, row.id);
  const { appUrl } = deps.config;
  let sid: string;
  try {
    // The first leg's limit ends the whole call, the recipient's leg with it. A trial's inbound
    // calls under way may have set aside all the minutes it has left.
    const timeLimitSeconds = await allotCallTime(deps.db, userId, row.id, allowance);
    if (timeLimitSeconds === 0) {
      await requireService(deps.db, userId); // the last minutes were used meanwhile: 402
      throw new HttpError(callRefusals.trialMinutesInUse);
    }
    ({ sid } = await deps.telephony.createCall({
      to: number.forwardingNumber,
      from: number.phoneNumber,
      twiml: promptTwiml(appUrl, row.id, body.recipient),
      statusCallback: callbackUrl(appUrl, ROUTES.status, { leg: 'user', call: row.id }),
      timeoutSeconds: FIRST_LEG_TIMEOUT_SECONDS,
      timeLimitSeconds,
    }));
  } catch (error) {
    // A trial's allotment lapses unreported. Had Twilio placed the call after all (a timeout), it
    // can only ring the user's phone: the key press finds no call and hangs up.
    await deps.db.transaction((tx) => deleteCall(tx, row));
    deps.callEvents.publish(userId, row.id);
    throw error;
  }
  const [placed] = await deps.db
    .update(calls)
    .set({ providerCallSid: sid })
    .where(eq(calls.id, row.id))
    .returning();
  return { call: callView(placed) };
}
