import type { HostedPage, SubscriptionStatus, UsageEmails } from '@contract/billing';
import { api } from './base';
import { settleOptimistic } from './optimistic';

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A check that fails is asked once more before it counts as failed (the guard then shows
    // Subscription Required): a paying customer's blip never looks like a lapsed plan.
    getSubscriptionStatus: build.query<SubscriptionStatus, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const first = await baseQuery('/billing/subscription-status');
        const answer = first.error ? await baseQuery('/billing/subscription-status') : first;
        return answer.error ? { error: answer.error } : { data: answer.data as SubscriptionStatus };
      },
      providesTags: ['Subscription'],
    }),
    // Ends the trial now: the year is charged, and a trial's paused calls work again once it is paid.
    endTrial: build.mutation<SubscriptionStatus, void>({
      query: () => ({ url: '/billing/end-trial', method: 'POST' }),
      invalidatesTags: ['Subscription', 'Usage'],
    }),
    createCheckoutSession: build.mutation<HostedPage, void>({
      query: () => ({ url: '/billing/create-checkout-session', method: 'POST' }),
    }),
    createPortalSession: build.mutation<HostedPage, void>({
      query: () => ({ url: '/billing/create-portal-session', method: 'POST' }),
    }),
    getUsageEmails: build.query<UsageEmails, void>({
      query: () => '/billing/usage-emails',
    }),
    // The switch shows the change at once, then the answer.
    updateUsageEmails: build.mutation<UsageEmails, UsageEmails>({
      query: (body) => ({ url: '/billing/usage-emails', method: 'PUT', body }),
      async onQueryStarted(change, { dispatch, queryFulfilled }) {
        const show = (shown: UsageEmails) =>
          dispatch(billingApi.util.updateQueryData('getUsageEmails', undefined, () => shown));
        await settleOptimistic(show(change), queryFulfilled, show);
      },
    }),
  }),
});

export const {
  useGetSubscriptionStatusQuery,
  useCreateCheckoutSessionMutation,
  useEndTrialMutation,
  useCreatePortalSessionMutation,
  useGetUsageEmailsQuery,
  useUpdateUsageEmailsMutation,
} = billingApi;
