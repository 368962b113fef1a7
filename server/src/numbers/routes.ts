import type { RoutesPlugin } from '../deps';
import { HttpError } from '../http/errors';
import { configureNumber } from './configure';
import { numberOf, numberView, searchNumbers } from './numbers';
import { purchaseNumber } from './purchase';
import { activeNumberRoute, configureRoute, purchaseRoute, searchRoute } from './schemas';
import { areaCodeProblem } from '../../../rules/destinations';
import { httpRefusals } from '../../../contract/refusals/http';

export const numberRoutes: RoutesPlugin = async (app, { deps }) => {
  app.route({
    ...searchRoute,
    handler: async (request) => {
      await app.limits.search(request.ip);
      const areaCode = request.query.area_code;
      const problem = areaCodeProblem(areaCode);
      if (problem) throw new HttpError(httpRefusals.inputRefused(problem));
      return searchNumbers(deps, areaCode);
    },
  });

  app.route({
    ...purchaseRoute,
    onRequest: app.authenticate,
    handler: (request) => purchaseNumber(deps, request.userId, request.body.twilio_number),
  });

  app.route({
    ...configureRoute,
    onRequest: app.authenticate,
    handler: (request) => configureNumber(deps, request.userId, request.body),
  });

  app.route({
    ...activeNumberRoute,
    onRequest: app.authenticate,
    handler: async (request) => {
      const row = await numberOf(deps.db, request.userId);
      return row ? numberView(row) : {};
    },
  });
};
