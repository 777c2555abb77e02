import { useCallback, useState } from 'react';
import { paths } from '@/shared/config/paths';
import { browser } from '@/shared/lib/browser';
import { clearAppStorage } from '@/shared/lib/storage';
import { savePendingToast } from '@/shared/ui';
import { useSignOutEverywhereMutation, useSignOutMutation } from '../api/auth-api';
import { toasts } from './auth-messages';

/**
 * Sign out (this device or everywhere), forget the app's stored keys and reload `/` so no
 * state of the signed-in user survives. The reload would swallow a toast, so it is handed over
 * through sessionStorage and shown after the reload.
 */
export function useSignOut(): { signOut: (scope?: 'device' | 'everywhere') => Promise<void>; isSigningOut: boolean } {
  const [signOutDevice] = useSignOutMutation();
  const [signOutEverywhere] = useSignOutEverywhereMutation();
  const [isSigningOut, setIsSigningOut] = useState(false);

  const signOut = useCallback(
    async (scope: 'device' | 'everywhere' = 'device') => {
      setIsSigningOut(true);
      let succeeded = true;
      try {
        await (scope === 'everywhere' ? signOutEverywhere() : signOutDevice()).unwrap();
      } catch {
        succeeded = false;
      }
      clearAppStorage();
      savePendingToast(succeeded ? toasts.signedOut : toasts.signedOutLocally);
      browser.reloadTo(paths.home.getHref());
    },
    [signOutDevice, signOutEverywhere],
  );

  return { signOut, isSigningOut };
}
