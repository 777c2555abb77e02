import { type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { SessionKeeper } from '@/features/auth';
import { Toaster } from '@/shared/ui';
import { type AppStore } from './store';

interface AppProviderProps {
  store: AppStore;
  children: ReactNode;
}

export function AppProvider({ store, children }: AppProviderProps) {
  return (
    <Provider store={store}>
      <SessionKeeper />
      {children}
      <Toaster />
    </Provider>
  );
}
