import { HttpResponse } from 'msw';
import { db, isLive, newId, type CallRecord } from '../db';
import { isBlockedRecipient, isUsE164 } from '../phone';
import { apiError, authRoute, str } from '../route';
import { filterCalls, parseCallQuery } from './callQuery';

const INCLUDED_MINUTES = 100;
const OVERAGE_CENTS_PER_MINUTE = 2;

export const callHandlers = [
  // Click-to-call rings the user's own forwarding phone from their business number, then the recipient.
  authRoute('POST /twilio/create-call', {
    handle: ({ body, userId }) => {
      const [from, forwarding, recipient] = ['from_number', 'forwarding_number', 'recipient'].map((key) =>
        str(body, key),
      );
      if (![from, forwarding, recipient].every(isUsE164)) {
        return apiError(400, 'bad_request', 'Numbers must be US numbers in +1 E.164 form');
      }
      if (!isLive(db.subscriptions[userId])) {
        return apiError(403, 'subscription_required', 'An active subscription is required.');
      }
      const line = db.numbers[userId];
      if (line?.phone_number !== from) {
        return apiError(404, 'number_not_found', 'This number is not one of your numbers.');
      }
      if (!line.forwarding_number) {
        return apiError(409, 'forwarding_not_set', 'Please set a forwarding number before placing calls.');
      }
      if (line.forwarding_number !== forwarding) {
        return apiError(400, 'bad_request', 'The forwarding number does not match the one on your account.');
      }
      if (isBlockedRecipient(recipient) || recipient === from) {
        return apiError(
          400,
          'bad_request',
          'Calls to premium-rate, service or your own number are not allowed.',
        );
      }
      const call: CallRecord = {
        id: newId('call'),
        direction: 'outbound',
        from_number: from,
        to_number: recipient,
        created_at: new Date().toISOString(),
        duration: 0,
      };
      db.calls[userId] = [call, ...(db.calls[userId] ?? [])];
      return HttpResponse.json({ call: { ...call, status: 'queued' } }, { status: 201 });
    },
  }),

  authRoute('GET /dashboard/calls', {
    handle: ({ query, userId }) => {
      const parsed = parseCallQuery(query);
      if (typeof parsed === 'string') return apiError(400, 'bad_request', parsed);
      const matching = filterCalls(db.calls[userId] ?? [], parsed);
      const start = (parsed.page - 1) * parsed.perPage;
      return HttpResponse.json({
        calls: matching.slice(start, start + parsed.perPage),
        metadata: {
          current_page: parsed.page,
          total_pages: Math.ceil(matching.length / parsed.perPage),
          total_items: matching.length,
          per_page: parsed.perPage,
        },
      });
    },
    empty: ({ query }) =>
      HttpResponse.json({
        calls: [],
        metadata: {
          current_page: 1,
          total_pages: 0,
          total_items: 0,
          per_page: Number(query.get('per_page') ?? 10),
        },
      }),
  }),

  // This UTC calendar month (first and last day, as dates); each call counts its minutes rounded up.
  authRoute('GET /dashboard/usage', {
    handle: ({ userId }) => {
      const now = new Date();
      const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
      const lastDay = new Date(end.getTime() - 24 * 60 * 60 * 1000);
      const minutes = (db.calls[userId] ?? [])
        .filter((call) => call.created_at >= start.toISOString() && call.created_at < end.toISOString())
        .reduce((sum, call) => sum + Math.ceil(call.duration / 60), 0);
      return HttpResponse.json({
        period_start: start.toISOString().slice(0, 10),
        period_end: lastDay.toISOString().slice(0, 10),
        minutes_used: minutes,
        included_minutes: INCLUDED_MINUTES,
        overage_cents: Math.max(0, minutes - INCLUDED_MINUTES) * OVERAGE_CENTS_PER_MINUTE,
      });
    },
  }),
];
