import { Suspense, lazy, useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { takePendingToast } from './pending-toast';
import { type ToastState, selectCurrentToast, toastShown } from './toast-slice';

const ToastViewport = lazy(() => import('./toast-viewport').then((module) => ({ default: module.ToastViewport })));

/**
 * Shows the current toast. Radix's toast code is loaded with the first toast, so it stays off
 * the landing page's first load; a toast saved before a full reload (sign-out) is shown here.
 */
export function Toaster() {
  const dispatch = useDispatch();
  const current = useSelector((state: { toast: ToastState }) => selectCurrentToast(state));

  useEffect(() => {
    const pending = takePendingToast();
    if (pending) dispatch(toastShown(pending));
  }, [dispatch]);

  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  );
}
