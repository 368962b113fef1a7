import { type BadRequest, twilioWebhookCases } from '../helpers/bad-input';
import { type CorpusKit, OWN } from './kit';

/** Texts to a business number. */
export async function textCorpus(kit: CorpusKit): Promise<Record<string, BadRequest[]>> {
  const { appUrl, twilioSecret, signedIn, get, named } = kit;
  return {
    'POST /api/twilio/sms': twilioWebhookCases(
      appUrl,
      '/api/twilio/sms',
      // Body is free text, and absent from a picture without words.
      { MessageSid: 'SMcorpus', From: '+12125550111', To: OWN },
      twilioSecret,
    ),
    'GET /api/dashboard/texts': await signedIn(get('/api/dashboard/texts'), [
      named('an unknown parameter', get('/api/dashboard/texts', { page: '2' })),
    ]),
  };
}
