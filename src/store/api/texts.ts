import { pathOf, type AnswerOf } from '@contract/endpoint';
import type { textEndpoints } from '@contract/endpoints/texts';
import { api } from './base';

type Texts = typeof textEndpoints;

// Texts sent to the business number, shown on the dashboard.

export const textsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTexts: build.query<AnswerOf<Texts['texts']>, void>({
      query: () => pathOf<Texts['texts']>('/dashboard/texts'),
      providesTags: [{ type: 'Text', id: 'LIST' }],
    }),
  }),
});

export const { useGetTextsQuery } = textsApi;
