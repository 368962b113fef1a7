import type { RoutesPlugin } from '../deps';
import { endpointRoute } from '../http/route-schema';
import { twilioWebhooks, webhookDoc } from '../calls/webhook-schemas';
import { receiveText } from './receive';

// Twilio's messaging webhook: a text to one of our numbers (signed like every Twilio webhook:
// calls/webhooks.ts). It answers an empty TwiML at once: nothing is texted back.

export const textWebhook: RoutesPlugin = async (app, { deps }) => {
  app.route({
    ...endpointRoute(
      twilioWebhooks.sms,
      webhookDoc('Twilio messaging webhook: keeps a text to a business number for its owner (empty TwiML)'),
    ),
    handler: async (request, reply) => {
      const { MessageSid, From, To, Body } = request.body;
      await receiveText(deps, { sid: MessageSid, from: From, to: To, body: Body ?? '' }, request.log);
      reply.type('text/xml');
      return '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
    },
  });
};
