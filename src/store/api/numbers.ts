import { pathOf, type AnswerOf, type BodyOf } from '@contract/endpoint';
import type { numberEndpoints } from '@contract/endpoints/numbers';
import { api, sending } from './base';

type Numbers = typeof numberEndpoints;

// The business number: searched in onboarding, bought and configured in setup, shown on dashboard and
// settings.

export const numbersApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchNumbers: build.query<AnswerOf<Numbers['search']>, string>({
      query: (areaCode) => ({
        url: pathOf<Numbers['search']>('/twilio/search-numbers'),
        params: { area_code: areaCode },
      }),
    }),
    getPhoneNumber: build.query<AnswerOf<Numbers['phoneNumber']>, void>({
      query: () => pathOf<Numbers['phoneNumber']>('/dashboard/phone-number'),
      providesTags: ['PhoneNumber'],
    }),
    purchaseNumber: build.mutation<AnswerOf<Numbers['purchase']>, BodyOf<Numbers['purchase']>>({
      query: sending<Numbers['purchase']>('POST', '/twilio/purchase-number'),
      invalidatesTags: ['PhoneNumber'],
    }),
    // announce_calls is left as it is when absent.
    configureNumber: build.mutation<AnswerOf<Numbers['configure']>, BodyOf<Numbers['configure']>>({
      query: sending<Numbers['configure']>('POST', '/twilio/number-configuration'),
      invalidatesTags: ['PhoneNumber'],
    }),
  }),
});

export const { useLazySearchNumbersQuery, useGetPhoneNumberQuery, useConfigureNumberMutation } = numbersApi;
