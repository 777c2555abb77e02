import { type ReactNode, Suspense, lazy, useState } from 'react';
import { Provider, useSelector } from 'react-redux';
import { selectAccessTokenExpiresAt } from '@/features/auth';
import { hasSessionHint } from '@/shared/api';
import { Toaster } from '@/shared/ui';
import { type AppStore, connectApi } from './store';

interface AppProviderProps {
  store: AppStore;
  children: ReactNode;
}

const SessionKeeper = lazy(async () => {
  const [parts] = await Promise.all([import('./api-parts'), connectApi()]);
  return { default: parts.SessionKeeper };
});

/**
 * Keeps the session, with the API it needs, once there is one: at start when the session hint
 * cookie says so, or from signing in. A visitor's page loads neither.
 */
function SessionKeeping() {
  const [hinted] = useState(hasSessionHint);
  const signedIn = useSelector(selectAccessTokenExpiresAt) !== null;
  if (!hinted && !signedIn) return null;
  return (
    <Suspense fallback={null}>
      <SessionKeeper loadSession={hinted} />
    </Suspense>
  );
}

export function AppProvider({ store, children }: AppProviderProps) {
  return (
    <Provider store={store}>
      <SessionKeeping />
      {children}
      <Toaster />
    </Provider>
  );
}
