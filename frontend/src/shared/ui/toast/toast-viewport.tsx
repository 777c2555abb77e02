import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useDispatch, useSelector } from 'react-redux';
import { env } from '@/shared/config/env';
import { cn } from '@/shared/lib/cn';
import { type ToastState, selectCurrentToast, toastDismissed } from './toast-slice';

/**
 * Renders the current toast in a Radix viewport; keyed by id so a new toast replaces it. The toast
 * stays a plain list item of the viewport's list: Radix announces it through its own live region,
 * and a role on the item itself would take it out of the list.
 */
export function ToastViewport() {
  const dispatch = useDispatch();
  const current = useSelector((state: { toast: ToastState }) => selectCurrentToast(state));

  const destructive = current?.variant === 'destructive';
  return (
    <ToastPrimitive.Provider duration={env.TOAST_DURATION_MS} swipeDirection="right">
      {current && (
        <ToastPrimitive.Root
          key={current.id}
          defaultOpen
          onOpenChange={(open) => {
            if (!open) dispatch(toastDismissed(current.id));
          }}
          data-variant={current.variant ?? 'default'}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            'data-[state=closed]:opacity-0 transition-opacity',
            // red-700, not red-600: the description's red-50 needs 4.5:1 against it.
            destructive ? 'border-red-800 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{current.title}</ToastPrimitive.Title>
            {current.description && (
              <ToastPrimitive.Description className={cn('text-sm', destructive ? 'text-red-50' : 'text-slate-600')}>
                {current.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Close notification"
            className={cn(
              'absolute right-2 top-2 rounded p-1 focus:outline-none focus-visible:ring-2',
              destructive ? 'text-red-50 hover:bg-red-800 focus-visible:ring-white' : 'text-slate-500 hover:bg-slate-100 focus-visible:ring-indigo-500',
            )}
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}
