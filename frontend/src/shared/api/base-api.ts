import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQueryWithReauth } from './base-query';
import { tagTypes } from './tags';

// The one API slice of the web app. Features add their endpoints with `injectEndpoints`; every
// tag type of the product is declared here, each owned by one feature (tags.ts), so invalidation
// works across features.
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes,
  endpoints: () => ({}),
});
