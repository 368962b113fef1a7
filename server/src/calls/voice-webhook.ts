import { and, eq, isNull, sql } from 'drizzle-orm';
import { allowsCalls, callAllowanceSql } from '../billing/subscriptions';
import { phoneNumbers } from '../db/schema';
import type { RoutesPlugin } from '../deps';
import { destinationProblem } from '../../../rules/destinations';
import { ourNumberSql } from '../policy/destinations';
import { allotCallTime } from './allotments';
import { recordBlockedCall } from './blocked';
import { forwardTwiml, rejectTwiml, whisperTwiml } from './twiml';
import { ROUTES } from './urls';
import { voiceSchema, whisperSchema } from './webhook-schemas';

// A call to one of our numbers. It is on the caller's ring path, so it only reads (one prepared
// query), except that a trial's call sets its minutes aside (calls/allotments.ts); the call is
// recorded by the reports of the leg it dials. The same query reads whether
// the owner has service (billing's rule): a number whose subscription lapsed or whose trial used
// its minutes is not in service: the call is rejected unanswered, so nothing is dialled, billed or
// counted, and it is recorded as blocked and mailed to the owner (calls/blocked.ts; a trial's call
// ends when its minutes do); and whether the forwarding number is one of ours (the destination
// policy's database check).
export const voiceWebhook: RoutesPlugin = async (app, { deps }) => {
  const lineOf = deps.db
    .select({
      userId: phoneNumbers.userId,
      forwarding: phoneNumbers.forwardingNumber,
      announce: phoneNumbers.announceCalls,
      allowance: callAllowanceSql(phoneNumbers.userId),
      forwardingIsOurs: ourNumberSql(phoneNumbers.forwardingNumber),
    })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.phoneNumber, sql.placeholder('to')), isNull(phoneNumbers.releasedAt)))
    .prepare('voice_forwarding_number');

  app.post(ROUTES.voice, { schema: voiceSchema }, async (request, reply) => {
    const { CallSid, To, From } = request.body;
    const [line] = await lineOf.execute({ to: To });
    reply.type('text/xml');
    if (line && !allowsCalls(line.allowance)) {
      await recordBlockedCall(
        deps,
        { userId: line.userId, sid: CallSid, caller: From, number: To },
        request.log,
      );
      return rejectTwiml();
    }
    // A forwarding number the destination policy refuses (stored before it existed) is never dialled.
    if (!line?.forwarding || line.forwardingIsOurs || destinationProblem(line.forwarding)) {
      return rejectTwiml();
    }
    // A trial's call sets its minutes aside, so calls at the same time share what is left.
    const timeLimit = await allotCallTime(deps.db, line.userId, CallSid, line.allowance);
    if (timeLimit === 0) return rejectTwiml();
    return forwardTwiml({
      appUrl: deps.config.appUrl,
      caller: From,
      number: To,
      forwardingNumber: line.forwarding,
      announce: line.announce,
      timeLimit,
    });
  });

  app.post(ROUTES.whisper, { schema: whisperSchema }, async (_request, reply) => {
    reply.type('text/xml');
    return whisperTwiml();
  });
};
