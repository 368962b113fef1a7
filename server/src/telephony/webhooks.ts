import formbody from '@fastify/formbody';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordCallStatus } from '../calls/status';
import { phoneNumbers } from '../db/schema';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { dialTwiml, notInServiceTwiml } from './twiml';
import { STATUS_ROUTE, VOICE_ROUTE } from './urls';
import { type StatusParams, statusSchema, type VoiceParams, voiceSchema } from './webhook-schemas';

// Twilio's callbacks: form-encoded, signed with X-Twilio-Signature over the public URL it called
// (APP_URL + path + query) and its form parameters. In sandbox mode the sandbox's own secret
// signs them, so the same check runs whichever provider is configured.
export async function telephonyWebhooks(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  await app.register(formbody);
  // Checked before validation, so an unsigned request learns nothing about the expected body.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const signature = request.headers['x-twilio-signature'];
    const params = (request.body ?? {}) as Record<string, string>;
    const url = deps.config.appUrl + request.url;
    if (typeof signature !== 'string' || !deps.telephony.verifyWebhook(url, params, signature)) {
      throw new HttpError(403, 'invalid_signature', 'The webhook signature is not valid.');
    }
  });

  // Prepared once: the voice webhook is on the caller's ring path, so it skips query building
  // and, on Postgres, parsing and planning.
  const forwardingOf = deps.db
    .select({ forwarding: phoneNumbers.forwardingNumber })
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.phoneNumber, sql.placeholder('to')), isNull(phoneNumbers.releasedAt)))
    .prepare('voice_forwarding_number');

  app.post<{ Body: VoiceParams }>(VOICE_ROUTE, { schema: voiceSchema }, async (request, reply) => {
    const { To, From } = request.body;
    const [number] = await forwardingOf.execute({ to: To });
    reply.type('text/xml');
    // The owner sees who is calling: the original caller's number is the caller ID.
    return number?.forwarding ? dialTwiml(number.forwarding, From) : notInServiceTwiml();
  });

  app.post<{ Body: StatusParams }>(STATUS_ROUTE, { schema: statusSchema }, async (request, reply) => {
    const p = request.body;
    await recordCallStatus(deps, {
      sid: p.CallSid,
      status: p.CallStatus,
      // 'outbound-api' is our click-to-call; 'inbound' a caller ringing a virtual number.
      direction: p.Direction.startsWith('outbound') ? 'outbound' : 'inbound',
      from: p.From,
      to: p.To,
      durationSeconds: Number(p.CallDuration ?? 0),
    });
    return reply.code(204).send();
  });
}
