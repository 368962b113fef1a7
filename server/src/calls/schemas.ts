import { callEndpoints } from '../../../contract/endpoints/calls';
import { endpointRoute } from '../http/route-schema';

const secured = { security: [{ bearer: [] }] } as const;

export const createCallRoute = endpointRoute(callEndpoints.createCall, {
  tags: ['calls'],
  summary:
    'Click-to-call: ring your forwarding phone; press 1 to be connected to the recipient from your number',
  ...secured,
});

export const listCallsRoute = endpointRoute(callEndpoints.calls, {
  tags: ['calls'],
  summary: 'Call history, newest first; dates are whole UTC days, both included',
  ...secured,
});

export const callsCsvRoute = endpointRoute(callEndpoints.callsCsv, {
  tags: ['calls'],
  summary: 'The whole call history matching the same filters as the list, as a CSV file (newest first)',
  ...secured,
  produces: ['text/csv'],
  // The list's query string is accepted as it is: its page and per_page are checked, then ignored.
  answer: { type: 'string', description: 'One header row, then one row per call' },
});

export const callRoute = endpointRoute(callEndpoints.call, {
  tags: ['calls'],
  summary: 'One call of the signed-in account (404 for any other)',
  ...secured,
});

export const callEventsRoute = endpointRoute(callEndpoints.callEvents, {
  tags: ['calls'],
  summary: 'Server-sent events: the id of each call of the account recorded or changed',
  ...secured,
});

export const usageRoute = endpointRoute(callEndpoints.usage, {
  tags: ['usage'],
  summary: "This UTC month's minutes: 100 included, 2 cents a minute over; a trial's minutes against its cap",
  ...secured,
});
