import type { ProviderCheckoutSession } from './providers/payment-provider.js';

/** The submission fee, fixed on the server (docs/api.md): the client never sends a price. */
export const SUBMISSION_FEE = { amount: 10000, currency: 'usd' } as const;

/** A session pays the fee only with exactly this amount and currency. */
export function isSubmissionFeeAmount(amount: number | null | undefined, currency: string | null | undefined): boolean {
  return amount === SUBMISSION_FEE.amount && typeof currency === 'string' && currency.toLowerCase() === SUBMISSION_FEE.currency;
}

/** What the provider says proves that this user paid the fee with this session. */
export function isPaidFeeSession(session: ProviderCheckoutSession, userId: string): boolean {
  return session.paymentStatus === 'paid' && session.userId === userId && isSubmissionFeeAmount(session.amountTotal, session.currency);
}
