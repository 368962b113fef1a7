import { authEndpoints } from '../../../contract/endpoints/auth';
import { endpointRoute } from '../http/route-schema';

const secured = { security: [{ bearer: [] }] } as const;

export const registerRoute = endpointRoute(authEndpoints.register, {
  tags: ['auth'],
  summary: 'Create an account',
});

export const loginRoute = endpointRoute(authEndpoints.login, {
  tags: ['auth'],
  summary:
    'Sign in: answers an access token (15 minutes) and a refresh token (7 days unused; ' +
    'the session ends 30 days after sign-in however often it refreshes)',
});

export const refreshRoute = endpointRoute(authEndpoints.refresh, {
  tags: ['auth'],
  summary:
    'New access token and the next refresh token; send the refresh token as the bearer token and an empty body. ' +
    'Each refresh token works once: reused after a few seconds, it ends its session.',
  ...secured,
});

export const logoutRoute = endpointRoute(authEndpoints.logout, {
  tags: ['auth'],
  summary:
    'Sign out: ends the session of the bearer access token and the session of `refresh_token`; either one is enough',
  ...secured,
});

export const requestResetRoute = endpointRoute(authEndpoints.requestReset, {
  tags: ['auth'],
  summary: 'Email a single-use password reset link (same answer whether or not the account exists)',
});

export const resetRoute = endpointRoute(authEndpoints.resetPassword, {
  tags: ['auth'],
  summary: 'Set a new password with the token of a reset link; ends every session of the account',
});

export const changePasswordRoute = endpointRoute(authEndpoints.changePassword, {
  tags: ['auth'],
  summary:
    'Change the password of the signed-in account (its current password required, counted like a sign-in); ' +
    'ends every other session of the account and mails the owner',
  ...secured,
});
