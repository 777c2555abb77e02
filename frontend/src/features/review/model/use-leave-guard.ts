import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

export const LEAVE_PROMPT = 'You have unsaved changes to your review. Leave this page and lose them?';

/** While `dirty`, leaving asks first: links and back within the app, and closing or reloading the tab. */
export function useLeaveGuard(dirty: boolean): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(LEAVE_PROMPT)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
