import { api } from '@/store/api';

export interface SubscriptionStatus {
  has_subscription: boolean;
  subscription: { status: string; current_period_end: number } | null;
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
  }),
});

export const {
  useGetSubscriptionStatusQuery,
  useLazyGetSubscriptionStatusQuery,
  useCreateCheckoutSessionMutation,
  useCreatePortalSessionMutation,
} = billingApi;
