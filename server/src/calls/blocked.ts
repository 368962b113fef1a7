import { sendOnce } from '../billing/emails/account-notices';
import { blockedCallMail } from '../billing/emails/templates';
import { stopReason } from '../billing/service-gate';
import type { AppDeps } from '../deps';
import { insertCall } from './record';

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'config' | 'callEvents'>;
type Log = { error: (context: object, message: string) => void };

/**
 * A call to an account's number refused because the account has no service (voice-webhook.ts): it
 * is recorded as blocked (no talk, so no minutes and no charge) and the owner is told by mail, at
 * most once a UTC day for each reason, so a caller who keeps trying does not fill the inbox. The
 * caller's call is refused whatever happens here: a failure is logged, never the caller's.
 */
export async function recordBlockedCall(
  deps: Deps,
  call: { userId: string; sid: string; caller: string; number: string },
  log: Log,
) {
  try {
    const reason = await stopReason(deps.db, call.userId);
    const at = new Date();
    const row = await deps.db.transaction((tx) =>
      insertCall(tx, {
        userId: call.userId,
        providerCallSid: call.sid,
        direction: 'inbound',
        fromNumber: call.caller,
        toNumber: call.number,
        status: 'blocked',
        createdAt: at,
      }),
    );
    // Twilio asked again about a call already recorded: it was mailed about then.
    if (!row) return;
    deps.callEvents.publish(call.userId, row.id);
    const day = at.toISOString().slice(0, 10);
    // Sent after the caller's answer: a slow mail server never holds up the line.
    void sendOnce(deps, call.userId, `blocked-call:${reason}:${day}`, (user) =>
      blockedCallMail(
        user.email,
        user.name,
        { caller: call.caller, number: call.number, at, reason },
        deps.config.appUrl,
      ),
    ).catch((err: unknown) =>
      log.error({ err, userId: call.userId }, 'the blocked call email could not be sent'),
    );
  } catch (err) {
    log.error({ err, userId: call.userId }, 'a blocked call could not be recorded');
  }
}
