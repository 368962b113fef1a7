import type { TestContext } from './app';
import type { TestUser } from './auth';

// What a user's dashboard shows, read through the API.

/** The first page of the user's call history: { calls, metadata }. */
export const callHistory = (ctx: TestContext, user: TestUser) =>
  ctx.app.inject({ method: 'GET', url: '/api/dashboard/calls', headers: user.headers }).then((r) => r.json());

/** The minutes the user has used this month. */
export const minutesUsed = (ctx: TestContext, user: TestUser) =>
  ctx.app
    .inject({ method: 'GET', url: '/api/dashboard/usage', headers: user.headers })
    .then((r) => r.json().minutes_used as number);
