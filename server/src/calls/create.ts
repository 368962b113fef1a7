import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { ownNumber } from '../telephony/numbers';
import { requireLiveSubscription } from '../telephony/subscription';
import { webhookUrls } from '../telephony/urls';
import { isBlockedRecipient } from '../telephony/us-numbers';
import { callView } from './view';
import { insertCall } from './record';

export interface ClickToCallRequest {
  from_number: string;
  forwarding_number: string;
  recipient: string;
}

/**
 * Click-to-call: rings the user's own configured phone from their virtual number, then bridges
 * to the recipient with the virtual number as caller ID. The call is recorded as 'initiated' only
 * once the provider accepted it; its status callback later sets the outcome and duration.
 */
export async function createCall(deps: AppDeps, userId: string, body: ClickToCallRequest) {
  await requireLiveSubscription(deps.db, userId);
  const number = await ownNumber(deps.db, userId, body.from_number);
  if (!number.forwardingNumber) {
    throw new HttpError(409, 'forwarding_not_set', 'Please set a forwarding number before placing calls.');
  }
  // Never ring a phone the account did not configure as its own.
  if (body.forwarding_number !== number.forwardingNumber) {
    throw new HttpError(400, 'bad_request', 'The forwarding number does not match the one on your account.');
  }
  if (isBlockedRecipient(body.recipient)) {
    throw new HttpError(
      400,
      'bad_request',
      'Calls to premium-rate and service numbers (such as 900 or 911) are not allowed.',
    );
  }
  if (body.recipient === number.phoneNumber) {
    throw new HttpError(400, 'bad_request', 'You cannot call your own business number.');
  }

  const { sid } = await deps.telephony.createCall({
    from: number.phoneNumber,
    forwardingNumber: number.forwardingNumber,
    recipient: body.recipient,
    statusCallback: webhookUrls(deps.config.appUrl).statusCallback,
  });
  const row = await deps.db.transaction((tx) =>
    insertCall(tx, {
      userId,
      providerCallSid: sid,
      direction: 'outbound',
      fromNumber: number.phoneNumber,
      toNumber: body.recipient,
      status: 'initiated',
    }),
  );
  if (!row) throw new Error(`provider reused call id ${sid}`);
  return { call: { ...callView(row), status: row.status } };
}
