import { pathOf, type AnswerOf, type BodyOf } from '@contract/endpoint';
import type { accountEndpoints } from '@contract/endpoints/account';
import { api, sending } from './base';

type Account = typeof accountEndpoints;

const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccount: build.query<AnswerOf<Account['account']>, void>({
      query: () => pathOf<Account['account']>('/account'),
    }),
    deleteAccount: build.mutation<void, BodyOf<Account['deleteAccount']>>({
      query: sending<Account['deleteAccount']>('DELETE', '/account'),
    }),
  }),
});

export const { useGetAccountQuery, useDeleteAccountMutation } = accountApi;
