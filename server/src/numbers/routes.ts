import type { RoutesPlugin } from '../deps';
import { HttpError } from '../http/errors';
import { configureNumber } from './configure';
import { numberOf, numberView, searchNumbers } from './numbers';
import { purchaseNumber } from './purchase';
import { activeNumberSchema, configureSchema, purchaseSchema, searchSchema } from './schemas';
import { areaCodeProblem } from '../../../rules/destinations';
import { httpRefusals } from '../../../contract/refusals/http';

export const numberRoutes: RoutesPlugin = async (app, { deps }) => {
  app.get('/twilio/search-numbers', { schema: searchSchema }, async (request) => {
    await app.limits.search(request.ip);
    const areaCode = request.query.area_code;
    const problem = areaCodeProblem(areaCode);
    if (problem) throw new HttpError(httpRefusals.inputRefused(problem));
    return searchNumbers(deps, areaCode);
  });

  app.post('/twilio/purchase-number', { schema: purchaseSchema, onRequest: app.authenticate }, (request) =>
    purchaseNumber(deps, request.userId, request.body.twilio_number),
  );

  app.post(
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
};
