import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQueryWithReauth } from './base-query';

// The one API slice of the web app. Features add their endpoints with `injectEndpoints`;
// every tag type of the product is declared here so invalidation works across features.
export const tagTypes = [
  'Session',
  'Paper',
  'Comment',
  'Submission',
  'Payment',
  'Review',
  'Invitation',
  'Message',
  'Orcid',
  'AdminStats',
] as const;

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes,
  endpoints: () => ({}),
});
