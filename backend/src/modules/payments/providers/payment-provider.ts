import type { PaymentProviderName } from '../entities/payment.entity.js';

export interface CreateCheckoutSessionInput {
  userId: string;
  amount: number;
  currency: string;
  successUrl: string;
  cancelUrl: string;
  /** Same key, same session at the provider: a retried request never creates a second one. */
  idempotencyKey: string;
  customerEmail?: string;
}

export interface CheckoutSessionRef {
  id: string;
  url: string;
}

/** What the provider says about a checkout session; only this is trusted, never the redirect. */
export interface ProviderCheckoutSession {
  id: string;
  /** The user the session was created for (Stripe's client_reference_id). */
  userId: string | null;
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  amountTotal: number | null;
  currency: string | null;
}

/**
 * The payment provider port, also the DI token. Drivers: StripePaymentProvider (Stripe
 * Checkout) and TestPaymentProvider (sessions in Redis, no real money), chosen from
 * `config.payments` in PaymentsModule.
 */
export abstract class PaymentProvider {
  abstract readonly name: PaymentProviderName;

  /** @throws PaymentProviderUnavailableException when the provider cannot be reached */
  abstract createCheckoutSession(input: CreateCheckoutSessionInput): Promise<CheckoutSessionRef>;

  /** null for an id the provider does not know. @throws PaymentProviderUnavailableException */
  abstract retrieveSession(id: string): Promise<ProviderCheckoutSession | null>;
}
