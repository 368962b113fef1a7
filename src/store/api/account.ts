import { api } from './base';

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteAccount: build.mutation<void, { password: string }>({
      query: (body) => ({ url: '/account', method: 'DELETE', body }),
    }),
  }),
});

export const { useDeleteAccountMutation } = accountApi;
