import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type PaymentProvider, toApiError } from '@/shared/api';
import { useToast } from '@/shared/ui';
import { paymentsApi, useGetSubmissionFeeQuery, useVerifyPaymentMutation } from '../api/payments-api';
import { announcePaid, onPaidElsewhere } from './payment-channel';
import { paymentToasts } from './payment-messages';

/** How often the fee is re-read while a checkout opened from this tab may be paid elsewhere. */
export const CHECKOUT_POLL_MS = 4000;
/** Checkout sessions expire after 30 minutes; polling stops then. */
const CHECKOUT_WATCH_MS = 30 * 60 * 1000;

export type PaymentState = 'unpaid' | 'verifying' | 'paid';

export interface PaymentStateView {
  state: PaymentState;
  /** null until the fee has loaded. */
  provider: PaymentProvider | null;
  amount: number;
  currency: string;
  isLoading: boolean;
  /** Re-reads the fee (after a 409 PAYMENT_ALREADY_PAID, for instance). */
  refresh: () => void;
  /** A checkout was opened in another tab: watch for it to be paid there. */
  watchCheckout: () => void;
}

/**
 * The /submit payment state machine (spec section 4): unpaid → verifying → paid. Reads the
 * provider's return (`payment=success&session_id=…` or `payment=canceled`) once, clears it from
 * the URL, verifies with the server, and otherwise trusts the server's fee status.
 *
 * The checkout happens in another tab, so this tab re-reads the fee when that tab says it verified
 * the payment, when this tab comes back into view, and every few seconds while a checkout it opened
 * is still unpaid (a Stripe webhook may be the only one to know). A fee that turns paid that way
 * is announced with 'Payment Successful!'.
 */
export function usePaymentState(): PaymentStateView {
  const { toast } = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const [watching, setWatching] = useState(false);
  // The poll stops as soon as the cached fee reads paid.
  const paidAlready = paymentsApi.endpoints.getSubmissionFee.useQueryState().data?.status === 'paid';
  const { data: fee, isLoading, refetch } = useGetSubmissionFeeQuery(undefined, {
    refetchOnFocus: true,
    pollingInterval: watching && !paidAlready ? CHECKOUT_POLL_MS : 0,
  });
  const [verifyPayment, { isLoading: verifyInFlight }] = useVerifyPaymentMutation();
  const [verifiedNow, setVerifiedNow] = useState(false);
  const handled = useRef<string | null>(null);
  const verifiedHere = useRef(false);
  const lastStatus = useRef<string | undefined>(undefined);

  const payment = searchParams.get('payment');
  const sessionId = searchParams.get('session_id');

  useEffect(() => {
    if (payment === null) return;
    const key = `${payment}:${sessionId ?? ''}`;
    if (handled.current === key) return;
    handled.current = key;
    setSearchParams(
      (params) => {
        params.delete('payment');
        params.delete('session_id');
        return params;
      },
      { replace: true },
    );
    if (payment === 'canceled') {
      toast(paymentToasts.canceled);
      return;
    }
    if (payment !== 'success' || !sessionId) return;
    verifyPayment({ sessionId })
      .unwrap()
      .then((result) => {
        if (result.verified) {
          verifiedHere.current = true;
          setVerifiedNow(true);
          toast(paymentToasts.verified);
          announcePaid();
        } else {
          toast(paymentToasts.verificationFailed);
        }
      })
      // A session id that is not one (a tampered link) is refused with 400: simply not verified.
      .catch((error: unknown) =>
        toast(toApiError(error).code === 'VALIDATION_FAILED' ? paymentToasts.verificationFailed : paymentToasts.verificationError),
      );
  }, [payment, sessionId, setSearchParams, toast, verifyPayment]);

  const refresh = useCallback(() => {
    void refetch();
  }, [refetch]);

  useEffect(() => onPaidElsewhere(refresh), [refresh]);

  const watchCheckout = useCallback(() => setWatching(true), []);
  useEffect(() => {
    if (!watching) return;
    const timer = window.setTimeout(() => setWatching(false), CHECKOUT_WATCH_MS);
    return () => window.clearTimeout(timer);
  }, [watching]);

  const status = fee?.status;
  useEffect(() => {
    const previous = lastStatus.current;
    lastStatus.current = status;
    if (status === 'paid' && previous === 'unpaid' && !verifiedHere.current) toast(paymentToasts.alreadyPaid);
  }, [status, toast]);

  // Verifying from the first render (the return parameters are still in the URL) until answered.
  const verifying = verifyInFlight || (payment === 'success' && !!sessionId);
  const state: PaymentState = verifying ? 'verifying' : verifiedNow || fee?.status === 'paid' ? 'paid' : 'unpaid';
  return {
    state,
    provider: fee?.provider ?? null,
    amount: fee?.amount ?? 10000,
    currency: fee?.currency ?? 'usd',
    isLoading,
    refresh,
    watchCheckout,
  };
}
