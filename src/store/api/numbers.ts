import type {
  BusinessNumberAnswer,
  NumberConfiguration,
  NumberPurchase,
  NumberSearch,
} from '@contract/numbers';
import { api } from './base';

// The business number: searched in onboarding, bought and configured in setup, shown on dashboard and
// settings.

export const numbersApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchNumbers: build.query<NumberSearch, string>({
      query: (areaCode) => ({ url: '/twilio/search-numbers', params: { area_code: areaCode } }),
    }),
    getPhoneNumber: build.query<BusinessNumberAnswer, void>({
      query: () => '/dashboard/phone-number',
      providesTags: ['PhoneNumber'],
    }),
    purchaseNumber: build.mutation<BusinessNumberAnswer, NumberPurchase>({
      query: (body) => ({ url: '/twilio/purchase-number', method: 'POST', body }),
      invalidatesTags: ['PhoneNumber'],
    }),
    // announce_calls is left as it is when absent.
    configureNumber: build.mutation<BusinessNumberAnswer, NumberConfiguration>({
      query: (body) => ({ url: '/twilio/number-configuration', method: 'POST', body }),
      invalidatesTags: ['PhoneNumber'],
    }),
  }),
});

export const { useLazySearchNumbersQuery, useGetPhoneNumberQuery, useConfigureNumberMutation } = numbersApi;
