import type { TextList } from '@contract/texts';
import { api } from './base';

// Texts sent to the business number, shown on the dashboard.

export const textsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTexts: build.query<TextList, void>({
      query: () => '/dashboard/texts',
      providesTags: [{ type: 'Text', id: 'LIST' }],
    }),
  }),
});

export const { useGetTextsQuery } = textsApi;
