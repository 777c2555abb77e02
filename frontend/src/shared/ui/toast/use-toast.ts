import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { type ToastInput, toastShown } from './toast-slice';

/** `toast({ title, description, variant })` shows a toast, replacing the one on screen. */
export function useToast(): { toast: (input: ToastInput) => void } {
  const dispatch = useDispatch();
  const toast = useCallback((input: ToastInput) => {
    dispatch(toastShown(input));
  }, [dispatch]);
  return { toast };
}
