import { sessionStorageKey } from '@/shared/lib/storage';
import { type ToastInput } from './toast-slice';

// A toast that must survive a full page reload (sign out reloads the page to drop all state).
const KEY = sessionStorageKey('pending-toast');

export function savePendingToast(toast: ToastInput): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(toast));
  } catch {
    // storage unavailable: the toast is lost, the sign-out itself still happens
  }
}

export function takePendingToast(): ToastInput | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (raw === null) return null;
    window.sessionStorage.removeItem(KEY);
    const parsed = JSON.parse(raw) as Partial<ToastInput>;
    if (typeof parsed.title !== 'string') return null;
    return {
      title: parsed.title,
      description: typeof parsed.description === 'string' ? parsed.description : undefined,
      variant: parsed.variant === 'destructive' ? 'destructive' : 'default',
    };
  } catch {
    return null;
  }
}
