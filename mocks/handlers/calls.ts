import { HttpResponse } from 'msw';
import type { CallDetail } from '../../contract/calls';
import { db, isLive, newCallId, trialMinutesUsed } from '../db';
import { billedMinutes, INCLUDED_MINUTES, overageCents, TRIAL_CALL_MINUTES } from '../../rules/plan';
import { destinationRefusal } from '../phone';
import { refuse, authRoute } from '../route';
import { callEndpoints } from '../../contract/endpoints/calls';
import { callsCsv } from './callsCsv';
import { hasCallUnderWay, placeCall, settleCalls } from './callProgress';
import { checkedCallQuery, filterCalls } from './callQuery';
import { numberRefusals } from '../../contract/refusals/numbers';
import { callRefusals } from '../../contract/refusals/calls';
import { billingRefusals } from '../../contract/refusals/billing';
import { httpRefusals } from '../../contract/refusals/http';

export const callHandlers = [
  // Click-to-call rings the user's own forwarding phone from their business number, then the recipient.
  authRoute(callEndpoints.createCall, {
    handle: ({ body, userId }) => {
      const { from_number: from, forwarding_number: forwarding, recipient } = body;
      const subscription = db.subscriptions[userId];
      if (!isLive(subscription)) {
        return refuse(billingRefusals.callsNeedService);
      }
      if (subscription.status === 'trialing' && trialMinutesUsed(userId) >= TRIAL_CALL_MINUTES) {
        return refuse(billingRefusals.trialMinutesUsed);
      }
      const line = db.numbers[userId];
      if (line?.phone_number !== from) {
        return refuse(numberRefusals.notFound);
      }
      if (!line.forwarding_number) {
        return refuse(callRefusals.forwardingNotSet);
      }
      if (line.forwarding_number !== forwarding) {
        return refuse(callRefusals.forwardingMismatch);
      }
      if (recipient === from) {
        return refuse(callRefusals.ownNumber);
      }
      const refused = destinationRefusal(forwarding) ?? destinationRefusal(recipient);
      if (refused) return refuse(httpRefusals.inputRefused(refused));
      settleCalls(userId);
      if (hasCallUnderWay(userId)) {
        return refuse(callRefusals.inProgress);
      }
      const call: CallDetail = {
        id: newCallId(),
        direction: 'outbound',
        from_number: from,
        to_number: recipient,
        created_at: new Date().toISOString(),
        duration: 0,
        status: 'queued',
        stage: 'calling_you',
      };
      db.calls[userId] = [call, ...(db.calls[userId] ?? [])];
      placeCall(call);
      return { call };
    },
  }),

  authRoute(callEndpoints.calls, {
    handle: ({ query, userId }) => {
      const checked = checkedCallQuery(query);
      if (typeof checked === 'string') return refuse(httpRefusals.inputRefused(checked));
      settleCalls(userId);
      const { page, per_page } = checked;
      const matching = filterCalls(db.calls[userId] ?? [], checked);
      const start = (page - 1) * per_page;
      return {
        // The list leaves out a click-to-call's step, as the server does.
        calls: matching.slice(start, start + per_page).map(({ stage: _, ...call }) => call),
        metadata: {
          current_page: page,
          total_pages: Math.ceil(matching.length / per_page),
          total_items: matching.length,
          per_page,
        },
      };
    },
    empty: ({ query }) => ({
      calls: [],
      metadata: {
        current_page: 1,
        total_pages: 0,
        total_items: 0,
        per_page: query.per_page,
      },
    }),
  }),

  // The whole history matching the list's filters (page and per_page are ignored), as a file.
  authRoute(callEndpoints.callsCsv, {
    handle: ({ query, userId }) => {
      const checked = checkedCallQuery(query);
      if (typeof checked === 'string') return refuse(httpRefusals.inputRefused(checked));
      settleCalls(userId);
      const range = [checked.start_date, checked.end_date].filter(Boolean).join('-to-');
      return new HttpResponse(callsCsv(filterCalls(db.calls[userId] ?? [], checked), checked.time_zone), {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="calls${range ? `-${range}` : ''}.csv"`,
        },
      });
    },
    empty: () => new HttpResponse(callsCsv([]), { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
  }),

  // One call of the signed-in user; anyone else's is a 404, like one that does not exist.
  authRoute(callEndpoints.call, {
    handle: ({ params, userId }) => {
      settleCalls(userId);
      const call = (db.calls[userId] ?? []).find((c) => c.id === params.id);
      return call ? { call } : refuse(callRefusals.notFound);
    },
  }),

  // This UTC calendar month (first and last day, as dates); each call counts its minutes rounded up.
  authRoute(callEndpoints.usage, {
    handle: ({ userId }) => {
      settleCalls(userId);
      const now = new Date();
      const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
      const lastDay = new Date(end.getTime() - 24 * 60 * 60 * 1000);
      const minutes = (db.calls[userId] ?? [])
        .filter((call) => call.created_at >= start.toISOString() && call.created_at < end.toISOString())
        .reduce((sum, call) => sum + billedMinutes(call.duration), 0);
      return {
        period_start: start.toISOString().slice(0, 10),
        period_end: lastDay.toISOString().slice(0, 10),
        minutes_used: minutes,
        included_minutes: INCLUDED_MINUTES,
        overage_cents: overageCents(minutes),
        trial:
          db.subscriptions[userId]?.status === 'trialing'
            ? { minutes_used: trialMinutesUsed(userId), minutes_limit: TRIAL_CALL_MINUTES }
            : null,
      };
    },
  }),
];
