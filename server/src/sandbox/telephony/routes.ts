import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { callView } from '../../calls/view';
import { calls, phoneNumbers, texts } from '../../db/schema';
import type { RoutesPlugin } from '../../deps';
import { errorBodySchema } from '../../../../contract/errors';
import { HttpError } from '../../http/errors';
import type { SandboxTelephony } from './telephony';
import { sandboxEndpoints } from '../../../../contract/endpoints/sandbox';
import { endpointRoute } from '../../http/route-schema';
import { fromLoopback } from '../../http/loopback';
import { ownNumber } from '../../numbers/numbers';
import { sandboxRefusals } from '../../../../contract/refusals/sandbox';

// Either the server's own machine or the number's owner (bearer token): a stranger is answered 401.
const callers = { tags: ['sandbox'], answers: { 401: errorBodySchema } } as const;
const inboundCallRoute = endpointRoute(sandboxEndpoints.inboundCall, {
  ...callers,
  summary: 'Sandbox only: somebody calls a virtual number; the carrier runs the call through our webhooks',
  description:
    '`outcome`: `answered` (default: the owner talks `duration` seconds), `no-answer`, `busy`, or ' +
    "`voicemail` (the phone's own voicemail answers after 25 s of ringing and takes `duration` seconds). " +
    '`call` is null when the number is not in service (its owner has no service): the caller heard ' +
    'what `twiml` says, and nothing was recorded.',
});
const inboundTextRoute = endpointRoute(sandboxEndpoints.inboundText, {
  ...callers,
  summary: 'Sandbox only: somebody texts a virtual number; the carrier posts it to our messaging webhook',
  description:
    '`text` is null when the number is not in service (its owner has no service): nothing was kept.',
});

// Registered only with the sandbox provider: elsewhere /api/sandbox/inbound-call is a plain 404.
// It adds minutes to an account's usage, so it answers only on the server's own machine, or to
// the number's owner signed in (bearer token).
// The carrier reaches the app the way Twilio does, through its webhook routes (app.inject runs the
// same routing, hooks and signature check as a request from outside). It never writes a record.
export const sandboxTelephonyRoutes: RoutesPlugin<{ sandbox: SandboxTelephony }> = async (
  app,
  { deps, sandbox },
) => {
  sandbox.connect(async (request) => {
    const answer = await app.inject({ method: 'POST', ...request });
    return { statusCode: answer.statusCode, body: answer.body };
  }, app.log);

  // The carrier routes only the numbers of our account. Its own list does not outlive a restart,
  // so the numbers table stands in for it: a number we never had or released is not ours at the
  // carrier, and nothing reaches us.
  const assertOurs = async (to: string) => {
    const [ours] = await deps.db
      .select({ id: phoneNumbers.id })
      .from(phoneNumbers)
      .where(and(eq(phoneNumbers.phoneNumber, to), isNull(phoneNumbers.releasedAt)));
    if (!ours) throw new HttpError(sandboxRefusals.numberNotOurs);
  };
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!fromLoopback(request)) await app.authenticate(request, reply);
  };

  app.route({
    ...inboundTextRoute,
    onRequest,
    handler: async (request, reply) => {
      if (request.userId) await ownNumber(deps.db, request.userId, request.body.to);
      await assertOurs(request.body.to);
      const sid = await sandbox.placeInboundText(request.body);
      const [kept] = await deps.db.select().from(texts).where(eq(texts.providerMessageSid, sid));
      reply.code(201);
      return {
        text: kept
          ? {
              id: kept.id,
              from_number: kept.fromNumber,
              to_number: kept.toNumber,
              body: kept.body,
              received_at: kept.receivedAt.toISOString(),
            }
          : null,
      };
    },
  });

  app.route({
    ...inboundCallRoute,
    onRequest,
    handler: async (request, reply) => {
      if (request.userId) await ownNumber(deps.db, request.userId, request.body.to);
      await assertOurs(request.body.to);
      const { sid, twiml } = await sandbox.placeInboundCall(request.body);
      // A call the webhook rejected for want of service is recorded as blocked; one rejected for a
      // missing forwarding number is not recorded (null).
      const [call] = await deps.db.select().from(calls).where(eq(calls.providerCallSid, sid));
      reply.code(201);
      return { call: call ? callView(call) : null, twiml, billed_minutes: sandbox.billedMinutes(sid) };
    },
  });
};
