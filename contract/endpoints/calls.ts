import type { Endpoint } from '../endpoint';
import {
  callAnswerSchema,
  callEventSchema,
  callIdSchema,
  callPageSchema,
  callQuerySchema,
  newCallSchema,
  usageSchema,
} from '../calls';
import { nothing } from '../fields';
import { billingRefusals } from '../refusals/billing';
import { callRefusals } from '../refusals/calls';
import { numberRefusals } from '../refusals/numbers';
import { providerRefusals } from '../refusals/providers';

/** Placing calls, reading them and the month's minutes. */
export const callEndpoints = {
  createCall: {
    method: 'POST',
    path: '/twilio/create-call',
    body: newCallSchema,
    status: 201,
    answer: callAnswerSchema,
    refusals: [
      billingRefusals.callsNeedService,
      billingRefusals.trialMinutesUsed,
      numberRefusals.notFound,
      callRefusals.forwardingNotSet,
      callRefusals.forwardingMismatch,
      callRefusals.ownNumber,
      callRefusals.trialMinutesInUse,
      callRefusals.inProgress,
      callRefusals.trialAttemptsUsed,
      providerRefusals.phoneProviderFailed,
    ],
  },
  calls: {
    method: 'GET',
    path: '/dashboard/calls',
    querystring: callQuerySchema,
    answer: callPageSchema,
    refusals: [callRefusals.startAfterEnd],
  },
  // A file: its rows are contract/calls.ts's callsCsvRow.
  callsCsv: {
    method: 'GET',
    path: '/dashboard/calls.csv',
    querystring: callQuerySchema,
    refusals: [callRefusals.startAfterEnd],
  },
  call: {
    method: 'GET',
    path: '/dashboard/calls/:id',
    params: callIdSchema,
    answer: callAnswerSchema,
    refusals: [callRefusals.notFound],
  },
  // A stream of server-sent events (server/src/calls/call-events-route.ts).
  callEvents: {
    method: 'GET',
    path: '/dashboard/call-events',
    querystring: nothing,
    events: callEventSchema,
  },
  usage: { method: 'GET', path: '/dashboard/usage', querystring: nothing, answer: usageSchema },
} as const satisfies Record<string, Endpoint>;
