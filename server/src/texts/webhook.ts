import { text } from '../../../contract/fields';
import { messageBody } from '../../../contract/texts';
import type { RoutesPlugin } from '../deps';
import { ROUTES } from '../calls/urls';
import { receiveText } from './receive';

// Twilio's messaging webhook: a text to one of our numbers (signed like every Twilio webhook:
// calls/webhooks.ts). It answers an empty TwiML at once: nothing is texted back.

const smsSchema = {
  tags: ['webhooks'],
  consumes: ['application/x-www-form-urlencoded'],
  summary: 'Twilio messaging webhook: keeps a text to a business number for its owner (empty TwiML)',
  body: {
    type: 'object',
    required: ['MessageSid', 'From', 'To'],
    properties: { MessageSid: text(64), From: text(64), To: text(64), Body: messageBody },
  },
} as const;

export const textWebhook: RoutesPlugin = async (app, { deps }) => {
  app.post(ROUTES.sms, { schema: smsSchema }, async (request, reply) => {
    const { MessageSid, From, To, Body } = request.body;
    await receiveText(deps, { sid: MessageSid, from: From, to: To, body: Body ?? '' }, request.log);
    reply.type('text/xml');
    return '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
  });
};
