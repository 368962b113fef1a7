import { type BadRequest, jsonBodyCases, queryCases } from '../helpers/bad-input';
import { type CorpusKit, OWN, OTHERS } from './kit';

/** Searching, buying and configuring the business number. */
export async function numberCorpus(kit: CorpusKit): Promise<Record<string, BadRequest[]>> {
  const { other, auth, signedIn, post, get, named, numbers } = kit;
  return {
    'GET /api/twilio/search-numbers': [
      ...queryCases('/api/twilio/search-numbers', { area_code: '512' }),
      ...['', '12', '1234', 'abc', '011', '911', '999', '876', '809'].map((code) =>
        named(`area code ${JSON.stringify(code)}`, {
          method: 'GET',
          url: '/api/twilio/search-numbers',
          query: { area_code: code },
        }),
      ),
      named('no area code', { method: 'GET', url: '/api/twilio/search-numbers' }),
    ],
    'POST /api/twilio/purchase-number': await signedIn(
      post('/api/twilio/purchase-number', { twilio_number: '+12125550140' }),
      [
        ...jsonBodyCases(
          'POST',
          '/api/twilio/purchase-number',
          { twilio_number: '+12125550140' },
          { headers: auth, required: ['twilio_number'] },
        ),
        ...Object.entries(numbers).map(([name, n]) =>
          named(name, post('/api/twilio/purchase-number', { twilio_number: n })),
        ),
        named('a second number', post('/api/twilio/purchase-number', { twilio_number: '+12125550141' })),
        named("another account's number", post('/api/twilio/purchase-number', { twilio_number: OTHERS })),
      ],
    ),
    'POST /api/twilio/number-configuration': await signedIn(
      post('/api/twilio/number-configuration', { twilio_number: OWN, forwarding_number: '+13125550199' }),
      [
        ...jsonBodyCases(
          'POST',
          '/api/twilio/number-configuration',
          { twilio_number: OWN, forwarding_number: '+13125550199' },
          { headers: auth, required: ['twilio_number', 'forwarding_number'] },
        ),
        ...Object.entries({
          ...numbers,
          'a Jamaican number': '+18765550100',
          'a premium 900 number': '+19005550100',
          'a 976 exchange': '+12129765555',
          '911': '+19115550100',
          'a UK number': '+442071234567',
          "another account's virtual number": OTHERS,
          'the business number itself': OWN,
        }).map(([name, n]) =>
          named(
            `forwarding to ${name}`,
            post('/api/twilio/number-configuration', { twilio_number: OWN, forwarding_number: n }),
          ),
        ),
        named(
          "another account's business number",
          post('/api/twilio/number-configuration', {
            twilio_number: OTHERS,
            forwarding_number: '+13125550199',
          }),
        ),
      ],
    ),
    'GET /api/dashboard/phone-number': await signedIn(get('/api/dashboard/phone-number'), [
      named('an unknown parameter', get('/api/dashboard/phone-number', { user_id: other.id })),
    ]),
  };
}
