import { accountSchema } from './account';
import { messageSchema, newAccountSchema, tokensSchema } from './auth';
import { hostedPageSchema, subscriptionStatusSchema, usageEmailsSchema } from './billing';
import { callAnswerSchema, callPageSchema, usageSchema } from './calls';
import { businessNumberSchema, numberSearchSchema } from './numbers';
import type { RouteKey } from './routes';
import { textListSchema } from './texts';

/**
 * What each route answers when it succeeds, by method and path (`:id` for a path parameter). The
 * contract suite checks every success of the server and of the mocks against it, so a shape that
 * drifts fails even where no case looks at that field.
 */
export const ANSWERS: Partial<Record<RouteKey, object>> = {
  'POST /auth/register': newAccountSchema,
  'POST /auth/login': tokensSchema,
  'POST /auth/refresh': tokensSchema,
  'POST /auth/request-reset-password': messageSchema,
  'POST /auth/reset-password': messageSchema,
  'POST /auth/change-password': messageSchema,
  'GET /account': accountSchema,
  'GET /billing/subscription-status': subscriptionStatusSchema,
  'POST /billing/end-trial': subscriptionStatusSchema,
  'POST /billing/create-checkout-session': hostedPageSchema,
  'POST /billing/create-portal-session': hostedPageSchema,
  'GET /billing/usage-emails': usageEmailsSchema,
  'PUT /billing/usage-emails': usageEmailsSchema,
  'GET /twilio/search-numbers': numberSearchSchema,
  'POST /twilio/purchase-number': businessNumberSchema,
  'POST /twilio/number-configuration': businessNumberSchema,
  'GET /dashboard/phone-number': businessNumberSchema,
  'POST /twilio/create-call': callAnswerSchema,
  'GET /dashboard/calls': callPageSchema,
  'GET /dashboard/calls/:id': callAnswerSchema,
  'GET /dashboard/usage': usageSchema,
  'GET /dashboard/texts': textListSchema,
};
