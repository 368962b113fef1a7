import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { FetchBaseQueryError, FetchBaseQueryMeta, QueryReturnValue } from '@reduxjs/toolkit/query';
import { api } from './base';

export type LegalDocument = 'terms' | 'privacy';

// The legal texts are static files of the site itself, not API calls: fetched from the page's own origin,
// read as text, with no bearer token and no re-authorisation.
const contentQuery = fetchBaseQuery({ baseUrl: window.location.origin, responseHandler: 'text' });

const legalApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLegalDocument: build.query<string, LegalDocument>({
      queryFn: (document, queryApi, extraOptions) =>
        contentQuery(`/content/${document}.md`, queryApi, extraOptions) as Promise<
          QueryReturnValue<string, FetchBaseQueryError, FetchBaseQueryMeta>
        >,
    }),
  }),
});

export const { useGetLegalDocumentQuery } = legalApi;
