import { api } from './base';

// The business number: searched in onboarding, bought and configured in setup, shown on dashboard and
// settings.

export interface AvailableNumber {
  phone_number: string;
  friendly_name: string;
}
export interface NumberSearch {
  count: number;
  exact_match: boolean;
  area_code: string;
  available_numbers: AvailableNumber[];
}
export interface BusinessNumber {
  phone_number: string;
  forwarding_number: string;
  // Beyond the product rules: "Business call" is said to the owner before a forwarded call connects.
  announce_calls?: boolean;
}

export const numbersApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchNumbers: build.query<NumberSearch, string>({
      query: (areaCode) => ({ url: '/twilio/search-numbers', params: { area_code: areaCode } }),
    }),
    getPhoneNumber: build.query<{ phone_number?: BusinessNumber | null }, void>({
      query: () => '/dashboard/phone-number',
      providesTags: ['PhoneNumber'],
    }),
    purchaseNumber: build.mutation<unknown, { twilio_number: string }>({
      query: (body) => ({ url: '/twilio/purchase-number', method: 'POST', body }),
      invalidatesTags: ['PhoneNumber'],
    }),
    // announce_calls is left as it is when absent.
    configureNumber: build.mutation<
      unknown,
      { twilio_number: string; forwarding_number: string; announce_calls?: boolean }
    >({
      query: (body) => ({ url: '/twilio/number-configuration', method: 'POST', body }),
      invalidatesTags: ['PhoneNumber'],
    }),
  }),
});

export const {
  useLazySearchNumbersQuery,
  useGetPhoneNumberQuery,
  useLazyGetPhoneNumberQuery,
  usePurchaseNumberMutation,
  useConfigureNumberMutation,
} = numbersApi;
