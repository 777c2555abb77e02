import {
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import { env } from '@/shared/config/env';
import { sessionCleared, sessionRefreshed } from './session-events';
import { type SessionResponse } from './types';

const rawBaseQuery = fetchBaseQuery({ baseUrl: env.API_BASE_URL, credentials: 'same-origin' });

// A 401 from these is an answer about the credentials just sent, not an expired access token.
const NO_REFRESH_PATHS = new Set([
  '/auth/sign-in',
  '/auth/sign-up',
  '/auth/refresh',
  '/auth/sign-out',
  '/auth/forgot-password',
  '/auth/reset-password',
]);

export type RefreshResult =
  | { ok: true; session: SessionResponse }
  /** `rejected`: the server refused the refresh cookie, so the session is over for sure. */
  | { ok: false; rejected: boolean };

// One refresh at a time: the refresh token rotates on every use, so two parallel refreshes
// would make the second one look like reuse (which revokes every session of the user). Within a
// tab the promise below is shared; across tabs (they share the cookies) a Web Lock does it.
let refreshInFlight: Promise<RefreshResult> | null = null;

const REFRESH_LOCK = 'journal:session-refresh';
/** After waiting for another tab's refresh, its access cookie is used when it has at least this long to live. */
const FRESH_ENOUGH_MS = 60_000;

async function postRefresh(api: BaseQueryApi): Promise<RefreshResult> {
  const result = await rawBaseQuery({ url: '/auth/refresh', method: 'POST' }, api, {});
  if (result.data) {
    const session = result.data as SessionResponse;
    api.dispatch(sessionRefreshed(session));
    return { ok: true, session };
  }
  const status = result.error?.status;
  return { ok: false, rejected: typeof status === 'number' && status >= 400 && status < 500 };
}

/** Another tab has just refreshed: its cookies are ours too, so use them instead of rotating again. */
async function adoptOrRefresh(api: BaseQueryApi): Promise<RefreshResult> {
  const current = await rawBaseQuery('/auth/session', api, {});
  if (current.data) {
    const session = current.data as SessionResponse;
    if (Date.parse(session.accessTokenExpiresAt) - Date.now() >= FRESH_ENOUGH_MS) {
      api.dispatch(sessionRefreshed(session));
      return { ok: true, session };
    }
  }
  return postRefresh(api);
}

async function refreshAcrossTabs(api: BaseQueryApi): Promise<RefreshResult> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator.locks as LockManager | undefined);
  if (!locks) return postRefresh(api);
  // The common case costs nothing extra: the lock is free and this tab refreshes. Only when
  // another tab holds it does this one wait, then look at the cookies that tab left.
  return locks.request(REFRESH_LOCK, { ifAvailable: true }, (lock) =>
    lock ? postRefresh(api) : locks.request(REFRESH_LOCK, () => adoptOrRefresh(api)),
  );
}

/** POST /auth/refresh, shared by every caller that asks while one is already running. */
export function refreshSession(api: BaseQueryApi): Promise<RefreshResult> {
  refreshInFlight ??= refreshAcrossTabs(api).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

function pathOf(args: string | FetchArgs): string {
  const url = typeof args === 'string' ? args : args.url;
  return url.split('?')[0] ?? url;
}

/**
 * fetchBaseQuery plus one transparent retry: a 401 from an ordinary endpoint means the
 * 15-minute access cookie expired, so refresh once (shared) and replay the request. When the
 * refresh fails the user is signed out in the store.
 */
export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  if (result.error?.status !== 401 || NO_REFRESH_PATHS.has(pathOf(args))) return result;

  const refreshed = await refreshSession(api);
  if (!refreshed.ok) {
    api.dispatch(sessionCleared());
    return result;
  }
  return rawBaseQuery(args, api, extraOptions);
};
