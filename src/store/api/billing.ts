import { api } from './base';

export interface SubscriptionStatus {
  has_subscription: boolean;
  // trialing, active, past_due (a payment failed and is being retried), canceled, unpaid, …
  subscription: { status: string; current_period_end: number; cancel_at_period_end?: boolean } | null;
}

export interface UsageEmails {
  enabled: boolean;
}

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSubscriptionStatus: build.query<SubscriptionStatus, void>({
      query: () => '/billing/subscription-status',
      providesTags: ['Subscription'],
    }),
    createCheckoutSession: build.mutation<{ url: string }, void>({
      query: () => ({ url: '/billing/create-checkout-session', method: 'POST' }),
    }),
    createPortalSession: build.mutation<{ url?: string }, void>({
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
  useLazyGetSubscriptionStatusQuery,
  useCreateCheckoutSessionMutation,
  useCreatePortalSessionMutation,
  useGetUsageEmailsQuery,
  useUpdateUsageEmailsMutation,
} = billingApi;
