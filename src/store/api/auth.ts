import type { AnswerOf, BodyOf } from '@contract/endpoint';
import type { authEndpoints } from '@contract/endpoints/auth';
import { api, sending } from './base';

type Auth = typeof authEndpoints;

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<AnswerOf<Auth['register']>, BodyOf<Auth['register']>>({
      query: sending<Auth['register']>('POST', '/auth/register'),
    }),
    login: build.mutation<AnswerOf<Auth['login']>, BodyOf<Auth['login']>>({
      query: sending<Auth['login']>('POST', '/auth/login'),
    }),
    logout: build.mutation<void, BodyOf<Auth['logout']>>({
      query: sending<Auth['logout']>('POST', '/auth/logout'),
    }),
    requestPasswordReset: build.mutation<AnswerOf<Auth['requestReset']>, BodyOf<Auth['requestReset']>>({
      query: sending<Auth['requestReset']>('POST', '/auth/request-reset-password'),
    }),
    resetPassword: build.mutation<AnswerOf<Auth['resetPassword']>, BodyOf<Auth['resetPassword']>>({
      query: sending<Auth['resetPassword']>('POST', '/auth/reset-password'),
    }),
    changePassword: build.mutation<AnswerOf<Auth['changePassword']>, BodyOf<Auth['changePassword']>>({
      query: sending<Auth['changePassword']>('POST', '/auth/change-password'),
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
