import {
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import { env } from '@/shared/config/env';
import { type ToastInput, toastShown } from '@/shared/ui/toast';
import { sessionCleared, sessionRefreshed } from './session-events';
import { hasSessionHint } from './session-hint';
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
  /**
   * `rejected`: there is no session, or the server refused the refresh cookie (401), so the
   * session is over for sure. Otherwise the journal was busy (429, 5xx) or out of reach: the
   * session stands and the next request or check tries again.
   */
  | { ok: false; rejected: boolean };

/** Waits between refresh attempts the journal answered busy; Retry-After is honoured up to the cap. */
export const refreshRetry = { delaysMs: [1_000, 3_000, 9_000], maxRetryAfterMs: 30_000 };

export const SESSION_BUSY_TOAST: ToastInput = {
  title: 'The journal is busy',
  description: 'Your session is kept. We will try again in a moment.',
};

// One refresh at a time: the refresh token rotates on every use, so two parallel refreshes
// would make the second one look like reuse (which revokes every session of the user). Within a
// tab the promise below is shared; across tabs (they share the cookies) a Web Lock does it.
let refreshInFlight: Promise<RefreshResult> | null = null;

const REFRESH_LOCK = 'journal:session-refresh';
/** After waiting for another tab's refresh, its access cookie is used when it has at least this long to live. */
const FRESH_ENOUGH_MS = 60_000;

/** 429, 5xx and no answer at all are worth another try later; any other refusal is final. */
function isTransient(status: FetchBaseQueryError['status'] | undefined): boolean {
  return typeof status !== 'number' || status === 429 || status >= 500;
}

function waitBeforeRetry(attempt: number, retryAfter: string | null | undefined): Promise<void> {
  const asked = Number(retryAfter) * 1000;
  const ms = Math.max(refreshRetry.delaysMs[attempt] ?? 0, Number.isFinite(asked) ? Math.min(asked, refreshRetry.maxRetryAfterMs) : 0);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function postRefresh(api: BaseQueryApi): Promise<RefreshResult> {
  for (let attempt = 0; ; attempt += 1) {
    const result = await rawBaseQuery({ url: '/auth/refresh', method: 'POST' }, api, {});
    if (result.data) {
      const session = result.data as SessionResponse;
      api.dispatch(sessionRefreshed(session));
      return { ok: true, session };
    }
    const status = result.error?.status;
    // Only the server's word that the refresh cookie is no good ends the session.
    if (status === 401) return { ok: false, rejected: true };
    if (!isTransient(status) || attempt >= refreshRetry.delaysMs.length) return { ok: false, rejected: false };
    if (attempt === 0) api.dispatch(toastShown(SESSION_BUSY_TOAST));
    await waitBeforeRetry(attempt, result.meta?.response?.headers.get('retry-after'));
  }
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
  if (!hasSessionHint()) return Promise.resolve({ ok: false, rejected: true });
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
 * refresh is refused (or there is no session) the user is signed out in the store; when the
 * journal is busy the session and the page stay as they are and the request's error stands.
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
    if (refreshed.rejected) api.dispatch(sessionCleared());
    return result;
  }
  return rawBaseQuery(args, api, extraOptions);
};
