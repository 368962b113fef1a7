import { api } from './base';

export interface Credentials {
  email: string;
  password: string;
}
export interface Registration extends Credentials {
  name: string;
  acceptTerms: boolean;
}
export interface Tokens {
  access_token: string;
  refresh_token: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<unknown, Registration>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
    login: build.mutation<Tokens, Credentials>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    logout: build.mutation<void, { refresh_token: string | null }>({
      query: (body) => ({ url: '/auth/logout', method: 'POST', body }),
    }),
    requestPasswordReset: build.mutation<unknown, { email: string }>({
      query: (body) => ({ url: '/auth/request-reset-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<unknown, { token: string; password: string }>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
  }),
});

export const {
  useRegisterMutation,
  useLoginMutation,
  useLogoutMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
} = authApi;
