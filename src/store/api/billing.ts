import { pathOf, type AnswerOf, type BodyOf } from '@contract/endpoint';
import type { billingEndpoints } from '@contract/endpoints/billing';
import { api, sending } from './base';

type Billing = typeof billingEndpoints;

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
    getUsageEmails: build.query<AnswerOf<Billing['usageEmails']>, void>({
      query: () => pathOf<Billing['usageEmails']>('/billing/usage-emails'),
      providesTags: ['UsageEmails'],
    }),
    updateUsageEmails: build.mutation<AnswerOf<Billing['setUsageEmails']>, BodyOf<Billing['setUsageEmails']>>(
      {
        query: sending<Billing['setUsageEmails']>('PUT', '/billing/usage-emails'),
        invalidatesTags: ['UsageEmails'],
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
