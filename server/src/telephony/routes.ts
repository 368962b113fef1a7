import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { configureNumber } from './configure';
import { numberOf, numberView, searchNumbers } from './numbers';
import { purchaseNumber } from './purchase';
import { activeNumberSchema, configureSchema, purchaseSchema, searchSchema } from './schemas';
import { isValidAreaCode } from './us-numbers';

export async function numberRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  app.get<{ Querystring: { area_code: string } }>(
    '/twilio/search-numbers',
    { schema: searchSchema },
    (request) => {
      const areaCode = request.query.area_code;
      if (!isValidAreaCode(areaCode)) {
        throw new HttpError(400, 'bad_request', 'Please enter a valid 3-digit US area code.');
      }
      return searchNumbers(deps, areaCode);
    },
  );

  app.post<{ Body: { twilio_number: string } }>(
    '/twilio/purchase-number',
    { schema: purchaseSchema, onRequest: app.authenticate },
    (request) => purchaseNumber(deps, request.userId, request.body.twilio_number),
  );

  app.post<{ Body: { twilio_number: string; forwarding_number: string } }>(
    '/twilio/number-configuration',
    { schema: configureSchema, onRequest: app.authenticate },
    (request) =>
      configureNumber(deps, request.userId, request.body.twilio_number, request.body.forwarding_number),
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
