import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQueryWithReauth } from '../baseQueryWithReauth';

// The one API of the app; each domain module beside this file (and a feature's own, like legal) adds its
// endpoints with api.injectEndpoints.
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: ['Subscription', 'PhoneNumber', 'Call', 'Usage', 'Text'],
  endpoints: () => ({}),
});
