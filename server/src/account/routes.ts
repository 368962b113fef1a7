import { REQUESTS } from '../../../contract/requests';
import type { RoutesPlugin } from '../deps';
import { errorBodySchema } from '../../../contract/errors';
import { limitRequests } from '../http/rate-limit';
import { accountSchema } from '../../../contract/account';
import { accountOf } from './account-of';
import { deleteAccount, isWrongPassword } from './delete-account';

const deleteAccountSchema = {
  tags: ['account'],
  summary:
    'Delete the account: cancels the subscription, gives the number back, deletes its data and ends every session',
  security: [{ bearer: [] }],
  ...REQUESTS['DELETE /account'],
  response: {
    204: { type: 'null' },
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    429: errorBodySchema,
  },
} as const;

const showAccountSchema = {
  tags: ['account'],
  summary: 'The name and email of the signed-in account',
  security: [{ bearer: [] }],
  ...REQUESTS['GET /account'],
  response: { 200: accountSchema, 400: errorBodySchema, 401: errorBodySchema },
} as const;

export const accountRoutes: RoutesPlugin = async (app, { deps }) => {
  // Deleting checks a password: as limited as signing in, per address and per account's email.
  limitRequests(app, deps.config.authRateLimit);
  const tooManyTries = (wait: string) => `Too many wrong passwords. Please try again in ${wait}.`;
  app.get('/account', { schema: showAccountSchema, onRequest: app.authenticate }, (request) =>
    accountOf(deps.db, request.userId),
  );
  app.delete(
    '/account',
    { schema: deleteAccountSchema, onRequest: app.authenticate },
    async (request, reply) => {
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
  );
};
