import type { Direction } from '@contract/calls';
import { pathOf, type AnswerOf, type BodyOf } from '@contract/endpoint';
import type { callEndpoints } from '@contract/endpoints/calls';
import { api, sending } from './base';

export interface CallFilters {
  page: number;
  per_page: number;
  direction: Direction | 'all';
  start_date?: string;
  end_date?: string;
}

/** What the call history asks for first: page size 10, all directions (docs/product.md, "Calls"). */
export const FIRST_CALL_PAGE = {
  direction: 'all',
  start_date: '',
  end_date: '',
  page: 1,
  per_page: 10,
} satisfies CallFilters;

export type HistoryFilters = Pick<CallFilters, 'direction'> & { start_date: string; end_date: string };

/**
 * The browser's time zone (IANA name), the one the history shows its times in. Here rather than in
 * lib/dates, which the landing page would then load as a script of its own.
 */
export const localTimeZone = (): string => new Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The filters as query parameters: direction omitted when "all", empty dates omitted. Dates are
 * days of the user's time zone, where the history shows its times, so a date range carries it.
 */
const filterParams = ({ direction, start_date, end_date }: Omit<CallFilters, 'page' | 'per_page'>) => ({
  ...(direction === 'all' ? {} : { direction }),
  ...(start_date ? { start_date } : {}),
  ...(end_date ? { end_date } : {}),
  ...(start_date || end_date ? { time_zone: localTimeZone() } : {}),
});

/** Query parameters of a history page (`GET /dashboard/calls`). */
const callQueryParams = ({ page, per_page, ...filters }: CallFilters) => ({
  page,
  per_page,
  ...filterParams(filters),
});

type Calls = typeof callEndpoints;

export const callsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCalls: build.query<AnswerOf<Calls['calls']>, CallFilters>({
      query: (filters) => ({
        url: pathOf<Calls['calls']>('/dashboard/calls'),
        params: callQueryParams(filters),
      }),
      providesTags: [{ type: 'Call', id: 'LIST' }],
    }),
    getUsage: build.query<AnswerOf<Calls['usage']>, void>({
      query: () => pathOf<Calls['usage']>('/dashboard/usage'),
      providesTags: ['Usage'],
    }),
    getCall: build.query<AnswerOf<Calls['call']>, string>({
      query: (id) => pathOf<Calls['call']>('/dashboard/calls/:id', { id }),
    }),
    createCall: build.mutation<AnswerOf<Calls['createCall']>, BodyOf<Calls['createCall']>>({
      query: sending<Calls['createCall']>('POST', '/twilio/create-call'),
    }),
    // A file to save, not state to keep: a mutation, so nothing is cached. Its times are written
    // on the user's clock, as the history shows them.
    downloadCallsCsv: build.mutation<string, HistoryFilters>({
      query: (filters) => ({
        url: pathOf<Calls['callsCsv']>('/dashboard/calls.csv'),
        params: { ...filterParams(filters), time_zone: localTimeZone() },
        responseHandler: 'text',
      }),
    }),
  }),
});

export const {
  useGetCallsQuery,
  useGetCallQuery,
  useGetUsageQuery,
  useCreateCallMutation,
  useDownloadCallsCsvMutation,
} = callsApi;
