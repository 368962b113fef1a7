import type { HostedPage, SubscriptionStatus, UsageEmails } from '@contract/billing';
import { api } from './base';

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSubscriptionStatus: build.query<SubscriptionStatus, void>({
      query: () => '/billing/subscription-status',
      providesTags: ['Subscription'],
    }),
    createCheckoutSession: build.mutation<HostedPage, void>({
      query: () => ({ url: '/billing/create-checkout-session', method: 'POST' }),
    }),
    createPortalSession: build.mutation<HostedPage, void>({
      query: () => ({ url: '/billing/create-portal-session', method: 'POST' }),
    }),
    getUsageEmails: build.query<UsageEmails, void>({
      query: () => '/billing/usage-emails',
      providesTags: ['UsageEmails'],
    }),
    updateUsageEmails: build.mutation<UsageEmails, UsageEmails>({
      query: (body) => ({ url: '/billing/usage-emails', method: 'PUT', body }),
      invalidatesTags: ['UsageEmails'],
    }),
  }),
});

export const {
  useGetSubscriptionStatusQuery,
  useCreateCheckoutSessionMutation,
  useCreatePortalSessionMutation,
  useGetUsageEmailsQuery,
  useUpdateUsageEmailsMutation,
} = billingApi;
