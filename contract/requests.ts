import { accountDeletionSchema } from './account';
import {
  credentialsSchema,
  newPasswordSchema,
  passwordChangeSchema,
  registrationSchema,
  resetRequestSchema,
  signOutSchema,
} from './auth';
import { usageEmailsSchema } from './billing';
import { callIdSchema, callQuerySchema, newCallSchema } from './calls';
import { nothing } from './fields';
import { numberConfigurationSchema, numberPurchaseSchema, numberSearchQuerySchema } from './numbers';
import type { RouteKey } from './routes';

type Parts = { params?: object; querystring?: object; body?: object };

/**
 * What each route accepts besides its bearer token: the parts of a request the server checks before
 * its handler runs, each against its JSON schema. The server's route schemas take them from here, and
 * the mock API checks every request against them, so a malformed request gets the same 400 and
 * sentence (validation-messages.ts) from both.
 */
export const REQUESTS = {
  'POST /auth/register': { body: registrationSchema },
  'POST /auth/login': { body: credentialsSchema },
  'POST /auth/refresh': { body: nothing },
  'POST /auth/logout': { body: signOutSchema },
  'POST /auth/request-reset-password': { body: resetRequestSchema },
  'POST /auth/reset-password': { body: newPasswordSchema },
  'POST /auth/change-password': { body: passwordChangeSchema },
  'GET /account': { querystring: nothing },
  'DELETE /account': { body: accountDeletionSchema },
  'POST /billing/create-checkout-session': { body: nothing },
  'POST /billing/create-portal-session': { body: nothing },
  'GET /billing/subscription-status': { querystring: nothing },
  'POST /billing/end-trial': { body: nothing },
  'GET /billing/usage-emails': { querystring: nothing },
  'PUT /billing/usage-emails': { body: usageEmailsSchema },
  'GET /twilio/search-numbers': { querystring: numberSearchQuerySchema },
  'POST /twilio/purchase-number': { body: numberPurchaseSchema },
  'POST /twilio/number-configuration': { body: numberConfigurationSchema },
  'POST /twilio/create-call': { body: newCallSchema },
  'GET /dashboard/phone-number': { querystring: nothing },
  'GET /dashboard/calls': { querystring: callQuerySchema },
  'GET /dashboard/calls.csv': { querystring: callQuerySchema },
  'GET /dashboard/calls/:id': { params: callIdSchema },
  'GET /dashboard/call-events': { querystring: nothing },
  'GET /dashboard/usage': { querystring: nothing },
  'GET /dashboard/texts': { querystring: nothing },
} as const satisfies Record<RouteKey, Parts>;
