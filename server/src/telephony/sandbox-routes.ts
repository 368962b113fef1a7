import type { FastifyInstance } from 'fastify';
import { recordCallStatus } from '../calls/status';
import { callView } from '../calls/view';
import type { AppDeps } from '../deps';
import { errorBodySchema, HttpError } from '../http/errors';
import type { SandboxCallEnded, SandboxTelephony } from '../providers/sandbox-telephony';
import { usE164Pattern } from './us-numbers';

const usNumber = { type: 'string', pattern: usE164Pattern } as const;

const inboundSchema = {
  tags: ['sandbox'],
  summary: 'Sandbox only: simulate somebody calling a virtual number for `duration` seconds',
  body: {
    type: 'object',
    required: ['to', 'from', 'duration'],
    properties: { to: usNumber, from: usNumber, duration: { type: 'integer', minimum: 0, maximum: 86400 } },
  },
  response: {
    201: { type: 'object', additionalProperties: true },
    400: errorBodySchema,
    404: errorBodySchema,
  },
} as const;

// Registered only with the sandbox provider: elsewhere /api/sandbox/inbound-call is a plain 404.
// It and the sandbox's simulated click-to-calls go through the same recording as Twilio's callbacks.
export async function sandboxTelephonyRoutes(
  app: FastifyInstance,
  { deps, sandbox }: { deps: AppDeps; sandbox: SandboxTelephony },
) {
  const onCallEnded = (e: SandboxCallEnded) => {
    recordCallStatus(deps, { ...e, status: 'completed', direction: 'outbound' }).catch((err: unknown) =>
      app.log.error({ err }, 'sandbox call could not be recorded'),
    );
  };
  sandbox.on('call-ended', onCallEnded);
  app.addHook('onClose', async () => {
    sandbox.off('call-ended', onCallEnded);
  });

  app.post<{ Body: { to: string; from: string; duration: number } }>(
    '/sandbox/inbound-call',
    { schema: inboundSchema },
    async (request, reply) => {
      const { to, from, duration } = request.body;
      const call = await recordCallStatus(deps, {
        sid: sandbox.newCallSid(),
        status: 'completed',
        direction: 'inbound',
        from,
        to,
        durationSeconds: duration,
      });
      if (!call) throw new HttpError(404, 'number_not_found', 'No account owns this number.');
      reply.code(201);
      return { call: callView(call) };
    },
  );
}
