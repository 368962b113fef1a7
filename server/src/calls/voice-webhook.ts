import { sql } from 'drizzle-orm';
import { allowsCalls, callAllowanceSql } from '../billing/subscriptions';
import { namedStatement } from '../db/prepared';
import { phoneNumbers } from '../db/schema';
import type { RoutesPlugin } from '../deps';
import { destinationProblem } from '../../../rules/destinations';
import { ourNumberSql } from '../policy/destinations';
import { allotSql } from './allot-function';
import { releaseAllotment } from './allotments';
import { recordBlockedCall } from './blocked';
import { CALL_TIME_LIMIT_SECONDS } from './limits';
import { forwardTwiml, rejectTwiml, whisperTwiml } from './twiml';
import { endpointRoute } from '../http/route-schema';
import { twilioWebhooks, webhookDoc } from './webhook-schemas';

// A call to one of our numbers. It is on the caller's ring path, so it asks the database once (one
// prepared statement), which reads the line and sets a trial call's minutes aside (calls/allotments.ts);
// the call is recorded by the reports of the leg it dials. The same query reads whether
// the owner has service (billing's rule): a number whose subscription lapsed or whose trial used
// its minutes is not in service: the call is rejected unanswered, so nothing is dialled, billed or
// counted, and it is recorded as blocked and mailed to the owner (calls/blocked.ts; a trial's call
// ends when its minutes do); and whether the forwarding number is one of ours (the destination
// policy's database check).
interface Line {
  user_id: string;
  forwarding: string | null;
  announce: boolean;
  allowance: number | null;
  forwarding_is_ours: boolean;
  // A capped account's call that may be dialled: its time limit, its minutes set aside (0: none left).
  time_limit: number | null;
}

// The line is read first (materialized: read once); then, for a capped account with minutes left and
// a forwarding number to dial, allot_call_time takes the account's lock and sets the call's minutes
// aside, its own statements seeing what other calls committed meanwhile.
const lineOf = namedStatement<Line>(
  'voice_line',
  sql`with line as materialized (
      select ${phoneNumbers.userId} as user_id, ${phoneNumbers.forwardingNumber} as forwarding,
        ${phoneNumbers.announceCalls} as announce, ${callAllowanceSql(phoneNumbers.userId)} as allowance,
        ${ourNumberSql(phoneNumbers.forwardingNumber)} as forwarding_is_ours
      from ${phoneNumbers}
      where ${phoneNumbers.phoneNumber} = ${sql.placeholder('to')} and ${phoneNumbers.releasedAt} is null
    )
    select *, case when allowance <> 0 and forwarding is not null and not forwarding_is_ours
        then coalesce(${allotSql(sql`user_id`, sql.placeholder('call'))}, 0) end as time_limit
    from line`,
);

export const voiceWebhook: RoutesPlugin = async (app, { deps }) => {
  app.route({
    ...endpointRoute(
      twilioWebhooks.voice,
      webhookDoc('Twilio voice webhook: forwards a call to the owner of the number (TwiML)'),
    ),
    handler: async (request, reply) => {
      const { CallSid, To, From } = request.body;
      const [line] = await lineOf(deps.db, { to: To, call: CallSid });
      reply.type('text/xml');
      if (line && !allowsCalls(line.allowance)) {
        await recordBlockedCall(
          deps,
          { userId: line.user_id, sid: CallSid, caller: From, number: To },
          request.log,
        );
        return rejectTwiml();
      }
      // A forwarding number the destination policy refuses (stored before it existed) is never dialled.
      if (!line?.forwarding || line.forwarding_is_ours || destinationProblem(line.forwarding)) {
        // A trial's minutes set aside for this call go back to it.
        if (line?.time_limit) await releaseAllotment(deps.db, line.user_id, CallSid);
        return rejectTwiml();
      }
      // No time limit read: no cap, the longest call.
      const timeLimit = line.time_limit ?? CALL_TIME_LIMIT_SECONDS;
      if (timeLimit === 0) return rejectTwiml();
      return forwardTwiml({
        appUrl: deps.config.appUrl,
        caller: From,
        number: To,
        forwardingNumber: line.forwarding,
        announce: line.announce,
        timeLimit,
      });
    },
  });

  app.route({
    ...endpointRoute(
      twilioWebhooks.whisper,
      webhookDoc('Said to the owner before a forwarded call is connected, when they asked for it (TwiML)'),
    ),
    handler: async (_request, reply) => {
      reply.type('text/xml');
      return whisperTwiml();
    },
  });
};
