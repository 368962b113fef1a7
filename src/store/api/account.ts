import type { Account, AccountDeletion } from '@contract/account';
import { api } from './base';

const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccount: build.query<Account, void>({
      query: () => '/account',
    }),
    deleteAccount: build.mutation<void, AccountDeletion>({
      query: (body) => ({ url: '/account', method: 'DELETE', body }),
    }),
  }),
});

export const { useGetAccountQuery, useDeleteAccountMutation } = accountApi;
