import { Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { PaymentProviderUnavailableException, WebhookSignatureInvalidException } from '../payments.exception.js';
import { type CheckoutSessionRef, type CreateCheckoutSessionInput, PaymentProvider, type ProviderCheckoutSession } from './payment-provider.js';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API base URL (a local stub in tests); null for Stripe itself. */
  apiUrl: string | null;
  /** The product name on Stripe's checkout page. */
  productName: string;
}

/** Stripe's own limit on how old a signed webhook may be, in seconds (docs/api.md). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The fields of a Checkout Session that the webhook handler reads. */
export interface StripeCheckoutSessionEvent {
  type: 'checkout.session.completed' | 'checkout.session.expired';
  session: ProviderCheckoutSession & { metadataUserId: string | null };
}

/** Stripe Checkout through the official SDK. */
export class StripePaymentProvider extends PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly logger = new Logger(StripePaymentProvider.name);

  constructor(private readonly options: StripeProviderOptions) {
    super();
    const api = options.apiUrl ? new URL(options.apiUrl) : null;
    this.stripe = new Stripe(options.secretKey, {
      // One retry on network errors, with the idempotency key the SDK sends, then 503 fast.
      maxNetworkRetries: 1,
      timeout: 15_000,
      telemetry: false,
      ...(api && {
        host: api.hostname,
        port: api.port || (api.protocol === 'https:' ? 443 : 80),
        protocol: api.protocol === 'https:' ? 'https' : 'http',
      }),
    });
  }

  async createCheckoutSession(input: CreateCheckoutSessionInput): Promise<CheckoutSessionRef> {
    try {
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              price_data: { currency: input.currency, unit_amount: input.amount, product_data: { name: this.options.productName } },
              quantity: 1,
            },
          ],
          client_reference_id: input.userId,
          metadata: { userId: input.userId },
          ...(input.customerEmail && { customer_email: input.customerEmail }),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { id: session.id, url: session.url };
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  async retrieveSession(id: string): Promise<ProviderCheckoutSession | null> {
    try {
      return toProviderSession(await this.stripe.checkout.sessions.retrieve(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
      throw this.unavailable(error);
    }
  }

  /**
   * Verifies the Stripe-Signature header against the exact bytes received, and returns the
   * checkout session of the two events we act on (null for any other event type).
   * @throws WebhookSignatureInvalidException for a missing, bad or stale signature
   */
  parseWebhook(rawBody: Buffer | undefined, signature: string | undefined): StripeCheckoutSessionEvent | null {
    if (!rawBody || !signature) throw new WebhookSignatureInvalidException();
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch {
      throw new WebhookSignatureInvalidException();
    }
    if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.expired') return null;
    const session = event.data.object;
    return { type: event.type, session: { ...toProviderSession(session), metadataUserId: session.metadata?.userId ?? null } };
  }

  private unavailable(error: unknown): PaymentProviderUnavailableException {
    this.logger.warn({ err: error }, 'Stripe request failed');
    return new PaymentProviderUnavailableException();
  }
}

function toProviderSession(session: Stripe.Checkout.Session): ProviderCheckoutSession {
  return {
    id: session.id,
    userId: session.client_reference_id,
    paymentStatus: oneOf(session.payment_status, ['paid', 'unpaid', 'no_payment_required'], 'unpaid'),
    status: oneOf(session.status, ['open', 'complete', 'expired'], 'open'),
    amountTotal: session.amount_total,
    currency: session.currency,
  };
}

/** Stripe's enums may grow; an unknown value is read as the safe one. */
function oneOf<T extends string>(value: string | null, known: readonly T[], fallback: T): T {
  return known.includes(value as T) ? (value as T) : fallback;
}
