import { defineEntity, p } from '@mikro-orm/core';
import { PaymentCheckoutAttemptRepository } from './payment-checkout-attempt.repository.js';

/**
 * The author's checkout in flight: recorded before the provider is called, gone once its
 * session is recorded as a payment or the provider refused (migration 20261123001100).
 */
const PaymentCheckoutAttemptSchema = defineEntity({
  name: 'PaymentCheckoutAttempt',
  tableName: 'payment_checkout_attempts',
  repository: () => PaymentCheckoutAttemptRepository,
  properties: {
    userId: p.uuid().primary(),
    /** The provider's idempotency key, and the payment's id once recorded. */
    id: p.uuid(),
    startedAt: p.datetime(),
  },
});

export class PaymentCheckoutAttempt extends PaymentCheckoutAttemptSchema.class {}
PaymentCheckoutAttemptSchema.setClass(PaymentCheckoutAttempt);
export { PaymentCheckoutAttemptSchema };
