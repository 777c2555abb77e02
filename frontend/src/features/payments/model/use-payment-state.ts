import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type PaymentProvider, toApiError } from '@/shared/api';
import { useToast } from '@/shared/ui';
import { useGetSubmissionFeeQuery, useVerifyPaymentMutation } from '../api/payments-api';
import { paymentToasts } from './payment-messages';

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
}

/**
 * The /submit payment state machine (spec section 4): unpaid → verifying → paid. Reads the
 * provider's return (`payment=success&session_id=…` or `payment=canceled`) once, clears it from
 * the URL, verifies with the server, and otherwise trusts the server's fee status.
 */
export function usePaymentState(): PaymentStateView {
  const { toast } = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const { data: fee, isLoading, refetch } = useGetSubmissionFeeQuery();
  const [verifyPayment, { isLoading: verifyInFlight }] = useVerifyPaymentMutation();
  const [verifiedNow, setVerifiedNow] = useState(false);
  const handled = useRef<string | null>(null);

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
          setVerifiedNow(true);
          toast(paymentToasts.verified);
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
  };
}
