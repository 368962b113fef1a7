/**
 * Every route the web app calls, as 'METHOD /path' under the API base (`:id` for a path parameter).
 * The server and the mocks serve each (contract/api-contract/, run by server/test/contract.test.ts
 * and mocks/contract.test.ts), and the mocks' controls are typed by it.
 */
export const API_ROUTES = [
  'POST /auth/register',
  'POST /auth/login',
  'POST /auth/refresh',
  'POST /auth/logout',
  'POST /auth/request-reset-password',
  'POST /auth/reset-password',
  'POST /auth/change-password',
  'GET /account',
  'DELETE /account',
  'POST /billing/create-checkout-session',
  'POST /billing/create-portal-session',
  'GET /billing/subscription-status',
  'POST /billing/end-trial',
  'GET /billing/usage-emails',
  'PUT /billing/usage-emails',
  'GET /twilio/search-numbers',
  'POST /twilio/purchase-number',
  'POST /twilio/number-configuration',
  'POST /twilio/create-call',
  'GET /dashboard/phone-number',
  'GET /dashboard/calls',
  'GET /dashboard/calls.csv',
  'GET /dashboard/calls/:id',
  'GET /dashboard/call-events',
  'GET /dashboard/usage',
  'GET /dashboard/texts',
] as const;

export type RouteKey = (typeof API_ROUTES)[number];
