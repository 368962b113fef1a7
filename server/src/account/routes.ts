import type { RoutesPlugin } from '../deps';
import { accountEndpoints } from '../../../contract/endpoints/account';
import { endpointRoute } from '../http/route-schema';
import { limitRequests } from '../http/rate-limit';
import { accountOf } from './account-of';
import { deleteAccount, isWrongPassword } from './delete-account';

const deleteAccountRoute = endpointRoute(accountEndpoints.deleteAccount, {
  tags: ['account'],
  summary:
    'Delete the account: cancels the subscription, gives the number back, deletes its data and ends every session',
  security: [{ bearer: [] }],
});

const showAccountRoute = endpointRoute(accountEndpoints.account, {
  tags: ['account'],
  summary: 'The name and email of the signed-in account',
  security: [{ bearer: [] }],
});

export const accountRoutes: RoutesPlugin = async (app, { deps }) => {
  // Deleting checks a password: as limited as signing in, per address and per account's email.
  limitRequests(app, deps.config.authRateLimit);
  const tooManyTries = (wait: string) => `Too many wrong passwords. Please try again in ${wait}.`;
  app.route({
    ...showAccountRoute,
    onRequest: app.authenticate,
    handler: (request) => accountOf(deps.db, request.userId),
  });
  app.route({
    ...deleteAccountRoute,
    onRequest: app.authenticate,
    handler: async (request, reply) => {
      const ended = await deleteAccount(
        deps,
        request.userId,
        request.body.password,
        (email, check) =>
          app.limits.login(email, check, isWrongPassword, tooManyTries, { address: request.ip }),
        request.log,
      );
      await app.sessions.ended(ended);
      return reply.code(204).send(null);
    },
  });
};
