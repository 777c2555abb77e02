import type { ProviderCheckoutSession } from './providers/payment-provider.js';
import { isPaidFeeSession, isSubmissionFeeAmount, SUBMISSION_FEE } from './submission-fee.js';

describe('submission fee', () => {
  it('is 10000 cents in usd', () => {
    expect(SUBMISSION_FEE).toEqual({ amount: 10000, currency: 'usd' });
  });

  it.each([
    [10000, 'usd', true],
    [10000, 'USD', true],
    [9999, 'usd', false],
    [10001, 'usd', false],
    [10000, 'eur', false],
    [null, 'usd', false],
    [10000, null, false],
    [undefined, undefined, false],
  ])('amount %p %p is the fee: %p', (amount, currency, expected) => {
    expect(isSubmissionFeeAmount(amount, currency)).toBe(expected);
  });

  describe('isPaidFeeSession', () => {
    const user = '6f1c1d4e-1b7a-4c39-9a53-0d2a8f1f7e11';
    const paid: ProviderCheckoutSession = { id: 'cs_test_1', userId: user, paymentStatus: 'paid', status: 'complete', amountTotal: 10000, currency: 'usd' };

    it('accepts a paid session of the user for the fee', () => {
      expect(isPaidFeeSession(paid, user)).toBe(true);
    });

    it.each([
      ['unpaid', { paymentStatus: 'unpaid' as const }],
      ['no payment required', { paymentStatus: 'no_payment_required' as const }],
      ['of another user', { userId: '00000000-0000-4000-8000-000000000000' }],
      ['without a user', { userId: null }],
      ['of another amount', { amountTotal: 100 }],
      ['in another currency', { currency: 'eur' }],
    ])('refuses a session %s', (_label, change) => {
      expect(isPaidFeeSession({ ...paid, ...change }, user)).toBe(false);
    });
  });
});
