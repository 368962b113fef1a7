import type {
  Credentials,
  Message,
  NewAccount,
  NewPassword,
  PasswordChange,
  Registration,
  ResetRequest,
  SignOut,
  Tokens,
} from '@contract/auth';
import { api } from './base';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<NewAccount, Registration>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
    login: build.mutation<Tokens, Credentials>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    logout: build.mutation<void, SignOut>({
      query: (body) => ({ url: '/auth/logout', method: 'POST', body }),
    }),
    requestPasswordReset: build.mutation<Message, ResetRequest>({
      query: (body) => ({ url: '/auth/request-reset-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<Message, NewPassword>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
    changePassword: build.mutation<Message, PasswordChange>({
      query: (body) => ({ url: '/auth/change-password', method: 'POST', body }),
    }),
  }),
});

export const {
  useRegisterMutation,
  useLoginMutation,
  useLogoutMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useChangePasswordMutation,
} = authApi;
