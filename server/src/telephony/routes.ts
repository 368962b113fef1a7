import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { configureNumber, type NumberConfiguration } from './configure';
import { numberOf, numberView, searchNumbers } from './numbers';
import { purchaseNumber } from './purchase';
import { activeNumberSchema, configureSchema, purchaseSchema, searchSchema } from './schemas';
import { areaCodeAbroad } from '../../../rules/destinations';
import { isValidAreaCode } from '../../../rules/us-numbers';

export async function numberRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  app.get<{ Querystring: { area_code: string } }>(
    '/twilio/search-numbers',
    { schema: searchSchema },
    async (request) => {
      await app.limits.search(request.ip);
      const areaCode = request.query.area_code;
      if (!isValidAreaCode(areaCode)) {
        throw new HttpError(400, 'bad_request', 'Please enter a valid 3-digit US area code.');
      }
      const abroad = areaCodeAbroad(areaCode);
      if (abroad) {
        throw new HttpError(
          400,
          'bad_request',
          `Area code ${areaCode} is in ${abroad}; Forwardly has US numbers only.`,
        );
      }
      return searchNumbers(deps, areaCode);
    },
  );

  app.post<{ Body: { twilio_number: string } }>(
    '/twilio/purchase-number',
    { schema: purchaseSchema, onRequest: app.authenticate },
    (request) => purchaseNumber(deps, request.userId, request.body.twilio_number),
  );

  app.post<{ Body: NumberConfiguration }>(
    '/twilio/number-configuration',
    { schema: configureSchema, onRequest: app.authenticate },
    (request) => configureNumber(deps, request.userId, request.body),
  );

  app.get(
    '/dashboard/phone-number',
    { schema: activeNumberSchema, onRequest: app.authenticate },
    async (request) => {
      const row = await numberOf(deps.db, request.userId);
      return row ? numberView(row) : {};
    },
  );
}
