import type {
  BusinessNumberAnswer,
  NumberConfiguration,
  NumberPurchase,
  NumberSearch,
} from '@contract/numbers';
import { api } from './base';
import { settleOptimistic } from './optimistic';

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
    // announce_calls is left as it is when absent. The line shows the change at once, then the answer.
    configureNumber: build.mutation<BusinessNumberAnswer, NumberConfiguration>({
      query: (body) => ({ url: '/twilio/number-configuration', method: 'POST', body }),
      async onQueryStarted({ twilio_number: _number, ...change }, { dispatch, queryFulfilled }) {
        const showLine = (recipe: (answer: BusinessNumberAnswer) => BusinessNumberAnswer | void) =>
          dispatch(numbersApi.util.updateQueryData('getPhoneNumber', undefined, recipe));
        const patch = showLine(({ phone_number: line }) => {
          if (line) Object.assign(line, change);
        });
        await settleOptimistic(patch, queryFulfilled, (answer) => showLine(() => answer));
      },
    }),
  }),
});

export const { useLazySearchNumbersQuery, useGetPhoneNumberQuery, useConfigureNumberMutation } = numbersApi;
