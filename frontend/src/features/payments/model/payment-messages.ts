import { codeToasts } from '@/shared/api';
import { type ToastInput } from '@/shared/ui';

// The spec's payment toasts (section 8), title / description.
export const paymentToasts = {
  windowOpened: {
    title: 'Payment Window Opened',
    description: 'Complete your payment in the new tab to enable paper submission.',
  },
  verified: { title: 'Payment Verified!', description: 'You can now submit your paper for review.' },
  alreadyPaid: codeToasts.PAYMENT_ALREADY_PAID,
  verificationFailed: {
    title: 'Payment Verification Failed',
    description: 'Please try the payment process again.',
    variant: 'destructive',
  },
  verificationError: {
    title: 'Payment Verification Error',
    description: 'Unable to verify payment. Please contact support.',
    variant: 'destructive',
  },
  canceled: {
    title: 'Payment Canceled',
    description: 'Payment was canceled. You need to complete payment to submit your paper.',
  },
  checkoutError: {
    title: 'Payment Error',
    description: 'Unable to initiate payment. Please try again.',
    variant: 'destructive',
  },
} as const satisfies Record<string, ToastInput>;

export const TEST_MODE_NOTICE = 'Test mode — no real payment is taken';

/** '$100.00 USD' from the fee's cents and currency. */
export function formatFee(amount: number, currency: string): string {
  const value = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
  return `${value} ${currency.toUpperCase()}`;
}
