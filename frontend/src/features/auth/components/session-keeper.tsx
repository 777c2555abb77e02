import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { sessionCleared } from '@/shared/api';
import { env } from '@/shared/config/env';
import { useGetSessionQuery, useRefreshSessionMutation } from '../api/auth-api';
import { selectAccessTokenExpiresAt } from '../model/session-slice';

/**
 * Loads the session once when `loadSession` (the session hint cookie was there at start; a 401
 * goes through the shared refresh) and keeps it alive: every check interval, if the access cookie
 * expires within the leeway, refresh it now rather than letting the next request fail first.
 */
export function SessionKeeper({ loadSession }: { loadSession: boolean }) {
  useGetSessionQuery(undefined, { skip: !loadSession });
  const dispatch = useDispatch();
  const expiresAt = useSelector(selectAccessTokenExpiresAt);
  const [refresh] = useRefreshSessionMutation();

  useEffect(() => {
    if (expiresAt === null) return;
    const expiry = Date.parse(expiresAt);
    const check = () => {
      if (Number.isNaN(expiry) || expiry - Date.now() > env.SESSION_REFRESH_LEEWAY_MS) return;
      void refresh()
        .unwrap()
        .catch((error: unknown) => {
          // Refused refresh cookie: the session is over. Busy or unreachable: try again next check.
          if ((error as { error?: string }).error === 'REFRESH_REJECTED') dispatch(sessionCleared());
        });
    };
    check();
    const timer = window.setInterval(check, env.SESSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [expiresAt, refresh, dispatch]);

  return null;
}
