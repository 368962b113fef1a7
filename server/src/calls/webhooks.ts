import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { legWebhooks } from './leg-webhooks';
import { CALLBACK_RETRIES } from './urls';
import { voiceWebhook } from './voice-webhook';
import { textWebhook } from '../texts/webhook';
import { callRefusals } from '../../../contract/refusals/calls';

// Twilio's callbacks: form-encoded, signed with X-Twilio-Signature over the public URL it called
// (APP_URL + path + query) and its form parameters. In sandbox mode the sandbox carrier signs them
// with its own secret, so the same check runs whichever provider is configured. A callback's URL
// ends in connection overrides (urls.ts), a fragment that never reaches us: Twilio does not say
// whether it signs the URL with it, so the URL is checked both ways.
export async function callWebhooks(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  await app.register(formbody);
  // At start-up, what the provider account lacks (a Twilio trial account) is logged, not fatal.
  app.addHook('onReady', async () => {
    void deps.telephony.setupWarnings().then(
      (warnings) => warnings.forEach((warning) => app.log.warn(warning)),
      (err: unknown) => app.log.warn({ err }, 'the telephony account could not be checked'),
    );
  });
  // Checked before validation, so an unsigned request learns nothing about the expected body.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const signature = request.headers['x-twilio-signature'];
    const params = (request.body ?? {}) as Record<string, string>;
    const url = deps.config.appUrl + request.url;
    const signed = (u: string) => deps.telephony.verifyWebhook(u, params, signature as string);
    if (typeof signature !== 'string' || !(signed(url) || signed(url + CALLBACK_RETRIES))) {
      throw new HttpError(callRefusals.webhookSignatureInvalid);
    }
  });
  await app.register(voiceWebhook, { deps });
  await app.register(legWebhooks, { deps });
  await app.register(textWebhook, { deps });
}
