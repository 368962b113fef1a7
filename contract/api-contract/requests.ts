import { API_ROUTES, type RouteKey } from '../routes';
import type { ContractDriver, ContractRequest } from '../driver';
import { refused } from './helpers';

export function requestCases(api: ContractDriver) {
  describe('requests', () => {
    const unknownBody = { unexpected: true };
    const unknownQuery = { unexpected: '1' };
    const unknownBodyField = 'The request body has an unknown field: unexpected.';
    const unknownQueryField = 'The query string has an unknown field: unexpected.';
    // Each route with a request its schema refuses (contract/endpoints/), signed in as a subscriber
    // where the route needs it, and the sentence both must answer with 400.
    const malformed: [RouteKey, ContractRequest, string][] = [
      ['POST /auth/register', { body: {} }, 'The name field is required.'],
      ['POST /auth/login', { body: {} }, 'The email field is required.'],
      ['POST /auth/refresh', { body: unknownBody }, unknownBodyField],
      ['POST /auth/logout', { body: unknownBody }, unknownBodyField],
      ['POST /auth/request-reset-password', { body: {} }, 'The email field is required.'],
      ['POST /auth/reset-password', { body: {} }, 'The token field is required.'],
      ['POST /auth/change-password', { body: {} }, 'The current_password field is required.'],
      ['GET /account', { query: unknownQuery }, unknownQueryField],
      ['DELETE /account', { body: {} }, 'The password field is required.'],
      ['POST /billing/create-checkout-session', { body: unknownBody }, unknownBodyField],
      ['POST /billing/create-portal-session', { body: unknownBody }, unknownBodyField],
      ['GET /billing/subscription-status', { query: unknownQuery }, unknownQueryField],
      ['POST /billing/end-trial', { body: unknownBody }, unknownBodyField],
      ['GET /billing/usage-emails', { query: unknownQuery }, unknownQueryField],
      ['PUT /billing/usage-emails', { body: {} }, 'The enabled field is required.'],
      ['GET /twilio/search-numbers', {}, 'The area_code field is required.'],
      ['POST /twilio/purchase-number', { body: {} }, 'The twilio_number field is required.'],
      ['POST /twilio/number-configuration', { body: {} }, 'The twilio_number field is required.'],
      ['POST /twilio/create-call', { body: {} }, 'The from_number field is required.'],
      ['GET /dashboard/phone-number', { query: unknownQuery }, unknownQueryField],
      ['GET /dashboard/calls', { query: unknownQuery }, unknownQueryField],
      ['GET /dashboard/calls.csv', { query: unknownQuery }, unknownQueryField],
      ['GET /dashboard/calls/:id', {}, 'The id field must be a valid UUID.'],
      ['GET /dashboard/call-events', { query: unknownQuery }, unknownQueryField],
      ['GET /dashboard/usage', { query: unknownQuery }, unknownQueryField],
      ['GET /dashboard/texts', { query: unknownQuery }, unknownQueryField],
    ];

    it('has a malformed request for every route the web app calls', () => {
      expect(malformed.map(([route]) => route).sort()).toEqual([...API_ROUTES].sort());
    });

    it.each(malformed)(
      '%s refuses a malformed request with 400 and the sentence saying why',
      async (route, request, message) => {
        // The route's own path; its call id is not a UUID.
        const [method, path] = route.replace(':id', '7').split(' ') as [
          'GET' | 'POST' | 'PUT' | 'DELETE',
          string,
        ];
        const token = await api.newSubscriber();
        expect(await api.request(method, path, { token, ...request })).toEqual(
          refused(400, 'bad_request', message),
        );
      },
    );
  });
}
