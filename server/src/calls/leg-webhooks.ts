import { applyLegEvent, type CallKey } from './apply-event';
import { connectTwiml } from './click-to-call-twiml';
import { isFinalCallStatus, type CallStatus } from '../../../contract/call-states';
import { callStatusOf } from './progress';
import type { RoutesPlugin } from '../deps';
import { HttpError } from '../http/errors';
import { goodbyeTwiml, rejectTwiml } from './twiml';
import { endpointRoute } from '../http/route-schema';
import { type LegQuery, twilioWebhooks, webhookDoc } from './webhook-schemas';
import { callRefusals } from '../../../contract/refusals/calls';

// What the user hears when the recipient of a click-to-call is not reached (their own leg is
// answered by then). A forwarded caller's leg is still unanswered (answerOnBridge): it is rejected.
const RECIPIENT_GOODBYE: Partial<Record<CallStatus, string>> = {
  busy: 'The line is busy. Goodbye.',
  'no-answer': 'There was no answer. Goodbye.',
  failed: 'The call could not be connected. Goodbye.',
};

// The call a leg's report is about: ours by id, or an inbound call by its own sid (the parent of
// the leg that rang the owner), its caller and the number called.
function callKey(query: LegQuery, inboundSid: string | undefined): CallKey {
  if (query.leg !== 'forward' && query.call) return { id: query.call };
  if (query.leg === 'forward' && inboundSid && query.caller !== undefined && query.number) {
    return { sid: inboundSid, caller: query.caller, number: query.number };
  }
  throw new HttpError(callRefusals.callbackWithoutCall);
}

const seconds = (value?: string) => Number(value ?? 0);

type Log = Parameters<typeof applyLegEvent>[3];

export const legWebhooks: RoutesPlugin = async (app, { deps }) => {
  // A leg's report (its status and, once it ended, its duration) applied to its call.
  const report = (
    query: LegQuery,
    sid: string | undefined,
    status: CallStatus,
    duration: string | undefined,
    log: Log,
  ) => applyLegEvent(deps, callKey(query, sid), { leg: query.leg, status, duration: seconds(duration) }, log);

  app.route({
    ...endpointRoute(twilioWebhooks.status, {
      tags: ['webhooks'],
      summary: 'Status callback of a leg we dialled: moves its call forward (a redelivery changes nothing)',
      consumes: ['application/x-www-form-urlencoded'],
    }),
    handler: async (request, reply) => {
      const { query, body } = request;
      const status = callStatusOf(body.CallStatus);
      if (status) await report(query, body.ParentCallSid, status, body.CallDuration, request.log);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpointRoute(
      twilioWebhooks.dialEnded,
      webhookDoc('<Dial> action: records how the dialled leg ended, then says goodbye (TwiML)'),
    ),
    handler: async (request, reply) => {
      const { query, body } = request;
      if (query.leg === 'user') throw new HttpError(callRefusals.firstLegHasNoDial);
      const status = callStatusOf(body.DialCallStatus);
      if (status && isFinalCallStatus(status)) {
        await report(query, body.CallSid, status, body.DialCallDuration, request.log);
      }
      reply.type('text/xml');
      if (status === 'completed') return goodbyeTwiml();
      if (query.leg === 'forward') return rejectTwiml();
      return goodbyeTwiml(status && RECIPIENT_GOODBYE[status]);
    },
  });

  app.route({
    ...endpointRoute(
      twilioWebhooks.keyPressed,
      webhookDoc('Click-to-call prompt answer: 1 dials the recipient, anything else ends the call (TwiML)'),
    ),
    handler: async (request, reply) => {
      const pressed = request.body.Digits === '1';
      const call = await applyLegEvent(
        deps,
        { id: request.query.call },
        { leg: 'key', pressed },
        request.log,
      );
      reply.type('text/xml');
      const dialling = call?.stage === 'calling_recipient' || call?.stage === 'connected';
      if (pressed && call && dialling && !isFinalCallStatus(call.status)) {
        return connectTwiml(deps.config.appUrl, call);
      }
      return goodbyeTwiml('The call was not placed. Goodbye.');
    },
  });
};
