import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { callView } from '../../../calls/view';
import { calls, phoneNumbers } from '../../../db/schema';
import type { AppDeps } from '../../../deps';
import { errorBodySchema } from '../../../../../contract/errors';
import { HttpError } from '../../../http/errors';
import type { SandboxTelephony } from './telephony';
import { virtualNumber } from '../../../../../contract/fields';
import { fromLoopback } from '../../../http/loopback';
import { ownNumber } from '../../../numbers/numbers';

const inboundSchema = {
  tags: ['sandbox'],
  summary: 'Sandbox only: somebody calls a virtual number; the carrier runs the call through our webhooks',
  description:
    '`outcome`: `answered` (default: the owner talks `duration` seconds), `no-answer`, `busy`, or ' +
    "`voicemail` (the phone's own voicemail answers after 25 s of ringing and takes `duration` seconds). " +
    '`call` is null when the number is not in service (its owner has no service): the caller heard ' +
    'what `twiml` says, and nothing was recorded.',
  body: {
    type: 'object',
    required: ['to', 'from', 'duration'],
    additionalProperties: false,
    properties: {
      to: virtualNumber,
      from: virtualNumber,
      duration: { type: 'integer', minimum: 0, maximum: 86400 },
      outcome: { type: 'string', enum: ['answered', 'no-answer', 'busy', 'voicemail'], default: 'answered' },
    },
  },
  response: {
    201: {
      type: 'object',
      properties: {
        call: { type: ['object', 'null'], additionalProperties: true },
        twiml: { type: 'string' },
        billed_minutes: { type: 'integer' },
      },
    },
    400: errorBodySchema,
    401: errorBodySchema,
    404: errorBodySchema,
  },
} as const;

// Registered only with the sandbox provider: elsewhere /api/sandbox/inbound-call is a plain 404.
// It adds minutes to an account's usage, so it answers only on the server's own machine, or to
// the number's owner signed in (bearer token).
// The carrier reaches the app the way Twilio does, through its webhook routes (app.inject runs the
// same routing, hooks and signature check as a request from outside). It never writes a record.
export async function sandboxTelephonyRoutes(
  app: FastifyInstance,
  { deps, sandbox }: { deps: AppDeps; sandbox: SandboxTelephony },
) {
  sandbox.connect(async (request) => {
    const answer = await app.inject({ method: 'POST', ...request });
    return { statusCode: answer.statusCode, body: answer.body };
  }, app.log);

  app.withTypeProvider<JsonSchemaToTsProvider>().post(
    '/sandbox/inbound-call',
    {
      schema: inboundSchema,
      onRequest: async (request, reply) => {
        if (!fromLoopback(request)) await app.authenticate(request, reply);
      },
    },
    async (request, reply) => {
      if (request.userId) await ownNumber(deps.db, request.userId, request.body.to);
      const { to } = request.body;
      // The carrier routes only the numbers of our account. Its own list does not outlive a
      // restart, so the numbers table stands in for it: a number we never had or released is
      // not ours at the carrier, and the call never reaches us.
      const [ours] = await deps.db
        .select({ id: phoneNumbers.id })
        .from(phoneNumbers)
        .where(and(eq(phoneNumbers.phoneNumber, to), isNull(phoneNumbers.releasedAt)));
      if (!ours) throw new HttpError(404, 'number_not_found', 'No account owns this number.');
      const { sid, twiml } = await sandbox.placeInboundCall(request.body);
      // No record when the webhook rejected the call (the owner has no service), as the TwiML shows.
      const [call] = await deps.db.select().from(calls).where(eq(calls.providerCallSid, sid));
      reply.code(201);
      return { call: call ? callView(call) : null, twiml, billed_minutes: sandbox.billedMinutes(sid) };
    },
  );
}
