import { api } from '@/store/api';

export type Direction = 'inbound' | 'outbound';

export interface CallRecord {
  id: string;
  direction: Direction;
  from_number: string;
  to_number: string;
  created_at: string;
  duration: number;
}
export interface CallPage {
  calls: CallRecord[];
  metadata: { current_page: number; total_pages: number; total_items: number; per_page: number };
}
export interface CallFilters {
  page: number;
  per_page: number;
  direction: Direction | 'all';
  start_date?: string;
  end_date?: string;
}
export interface Usage {
  period_start: string;
  period_end: string;
  minutes_used: number;
  included_minutes: number;
  overage_cents: number;
}
export interface NewCall {
  from_number: string;
  forwarding_number: string;
  recipient: string;
}

/** What the call history asks for first (spec §9: page size 10, all directions). */
export const FIRST_CALL_PAGE = {
  direction: 'all',
  start_date: '',
  end_date: '',
  page: 1,
  per_page: 10,
} satisfies CallFilters;

/** Query parameters of spec §7: direction omitted when "all", empty dates omitted. */
export const callQueryParams = ({ direction, start_date, end_date, ...page }: CallFilters) => ({
  ...page,
  ...(direction === 'all' ? {} : { direction }),
  ...(start_date ? { start_date } : {}),
  ...(end_date ? { end_date } : {}),
});

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCalls: build.query<CallPage, CallFilters>({
      query: (filters) => ({ url: '/dashboard/calls', params: callQueryParams(filters) }),
      providesTags: [{ type: 'Call', id: 'LIST' }],
    }),
    getUsage: build.query<Usage, void>({
      query: () => '/dashboard/usage',
      providesTags: ['Usage'],
    }),
    createCall: build.mutation<unknown, NewCall>({
      query: (body) => ({ url: '/twilio/create-call', method: 'POST', body }),
    }),
  }),
});

export const { useGetCallsQuery, useGetUsageQuery, useCreateCallMutation } = dashboardApi;
