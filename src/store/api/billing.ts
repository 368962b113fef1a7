import { pathOf, type AnswerOf, type BodyOf } from '@contract/endpoint';
import type { billingEndpoints } from '@contract/endpoints/billing';
import { api, sending, settleOptimistic } from './base';

type Billing = typeof billingEndpoints;
type UsageEmails = AnswerOf<Billing['usageEmails']>;

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A check that fails is asked once more before it counts as failed (the guard then shows
    // Subscription Required): a paying customer's blip never looks like a lapsed plan.
    getSubscriptionStatus: build.query<AnswerOf<Billing['subscriptionStatus']>, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const path = pathOf<Billing['subscriptionStatus']>('/billing/subscription-status');
        const first = await baseQuery(path);
        const answer = first.error ? await baseQuery(path) : first;
        return answer.error
          ? { error: answer.error }
          : { data: answer.data as AnswerOf<Billing['subscriptionStatus']> };
      },
      providesTags: ['Subscription'],
    }),
    // Ends the trial now: the year is charged, and a trial's paused calls work again once it is paid.
    endTrial: build.mutation<AnswerOf<Billing['endTrial']>, void>({
      query: () => ({ url: pathOf<Billing['endTrial']>('/billing/end-trial'), method: 'POST' }),
      invalidatesTags: ['Subscription', 'Usage'],
    }),
    createCheckoutSession: build.mutation<AnswerOf<Billing['checkout']>, void>({
      query: () => ({ url: pathOf<Billing['checkout']>('/billing/create-checkout-session'), method: 'POST' }),
    }),
    createPortalSession: build.mutation<AnswerOf<Billing['portal']>, void>({
      query: () => ({ url: pathOf<Billing['portal']>('/billing/create-portal-session'), method: 'POST' }),
    }),
    getUsageEmails: build.query<UsageEmails, void>({
      query: () => pathOf<Billing['usageEmails']>('/billing/usage-emails'),
    }),
    // The switch shows the change at once, then the answer.
    updateUsageEmails: build.mutation<AnswerOf<Billing['setUsageEmails']>, BodyOf<Billing['setUsageEmails']>>(
      {
        query: sending<Billing['setUsageEmails']>('PUT', '/billing/usage-emails'),
        async onQueryStarted(change, { dispatch, queryFulfilled }) {
          const show = (shown: UsageEmails) =>
            dispatch(billingApi.util.updateQueryData('getUsageEmails', undefined, () => shown));
          await settleOptimistic(show(change), queryFulfilled, show);
        },
      },
    ),
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
