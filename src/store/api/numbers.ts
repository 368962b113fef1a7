import { pathOf, type AnswerOf, type BodyOf } from '@contract/endpoint';
import type { numberEndpoints } from '@contract/endpoints/numbers';
import { api, sending, settleOptimistic } from './base';

type Numbers = typeof numberEndpoints;
type BusinessNumberAnswer = AnswerOf<Numbers['phoneNumber']>;

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
      // The answer is the line: it becomes the cached one, nothing is asked again.
      async onQueryStarted(_purchase, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) void dispatch(numbersApi.util.upsertQueryData('getPhoneNumber', undefined, data));
      },
    }),
    // announce_calls is left as it is when absent. The line shows the change at once, then the answer.
    configureNumber: build.mutation<AnswerOf<Numbers['configure']>, BodyOf<Numbers['configure']>>({
      query: sending<Numbers['configure']>('POST', '/twilio/number-configuration'),
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
