import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQueryWithReauth } from './baseQueryWithReauth';

// The one API of the app; each feature adds its endpoints with api.injectEndpoints.
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: ['Subscription', 'PhoneNumber', 'Call', 'Usage', 'UsageEmails'],
  endpoints: () => ({}),
});
