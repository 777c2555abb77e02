export { Toaster } from './toaster';
export { useToast } from './use-toast';
export { savePendingToast, takePendingToast } from './pending-toast';
export {
  toastSlice,
  toastShown,
  toastDismissed,
  selectCurrentToast,
  type ToastInput,
  type ToastMessage,
  type ToastState,
  type ToastVariant,
} from './toast-slice';
