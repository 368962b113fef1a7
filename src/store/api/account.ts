import type { AccountDeletion } from '@contract/account';
import { api } from './base';

const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteAccount: build.mutation<void, AccountDeletion>({
      query: (body) => ({ url: '/account', method: 'DELETE', body }),
    }),
  }),
});

export const { useDeleteAccountMutation } = accountApi;
