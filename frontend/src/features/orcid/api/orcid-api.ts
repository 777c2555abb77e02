import { SESSION_TAG, baseApi } from '@/shared/api';
import { env } from '@/shared/config/env';

// Linking and signing in are browser navigations to the API (it redirects to ORCID and back);
// only unlinking is a request. The session carries the linked iD, so it is fetched again.
export const orcidApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    unlinkOrcid: build.mutation<void, void>({
      query: () => ({ url: '/orcid/link', method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [SESSION_TAG]),
    }),
  }),
});

export const { useUnlinkOrcidMutation } = orcidApi;

/** Where the browser goes to start each flow (GET, full page loads: the API answers with redirects). */
export const ORCID_START_PATHS = {
  link: `${env.API_BASE_URL}/orcid/link/start`,
  signIn: `${env.API_BASE_URL}/orcid/sign-in/start`,
} as const;
