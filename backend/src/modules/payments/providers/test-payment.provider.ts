import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { PaymentProviderUnavailableException } from '../payments.exception.js';
import { type CheckoutSessionRef, type CreateCheckoutSessionInput, PaymentProvider, type ProviderCheckoutSession } from './payment-provider.js';

/** A test checkout session as kept in Redis. */
export interface TestCheckoutSession extends ProviderCheckoutSession {
  userId: string;
  successUrl: string;
  cancelUrl: string;
}

const SESSION_TTL_SECONDS = 24 * 60 * 60;

/**
 * The built-in provider for development, tests and demos: no money moves. Sessions live in
 * Redis (shared by every API copy) for 24 hours, like a Stripe session; the web app's
 * /payments/test-checkout page plays Stripe's checkout page.
 */
export class TestPaymentProvider extends PaymentProvider {
  readonly name = 'test' as const;

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly publicUrl: string,
  ) {
    super();
  }

  async createCheckoutSession(input: CreateCheckoutSessionInput): Promise<CheckoutSessionRef> {
    const idempotencyKey = this.key(`idempotency:${input.idempotencyKey}`);
    const candidate = `cs_test_${randomBytes(18).toString('base64url')}`;
    const id = await this.run(async () => {
      const claimed = await this.redis.set(idempotencyKey, candidate, 'EX', SESSION_TTL_SECONDS, 'NX');
      if (claimed !== 'OK') return (await this.redis.get(idempotencyKey)) ?? candidate;
      const session: TestCheckoutSession = {
        id: candidate,
        userId: input.userId,
        paymentStatus: 'unpaid',
        status: 'open',
        amountTotal: input.amount,
        currency: input.currency,
        successUrl: input.successUrl.replace('{CHECKOUT_SESSION_ID}', candidate),
        cancelUrl: input.cancelUrl,
      };
      await this.save(session);
      return candidate;
    });
    return { id, url: `${this.publicUrl}/payments/test-checkout?session_id=${encodeURIComponent(id)}` };
  }

  retrieveSession(id: string): Promise<TestCheckoutSession | null> {
    return this.run(async () => {
      const stored = await this.redis.get(this.key(`session:${id}`));
      return stored ? (JSON.parse(stored) as TestCheckoutSession) : null;
    });
  }

  /** The buyer paid: the session is complete and paid (an open session only). */
  async complete(session: TestCheckoutSession): Promise<void> {
    if (session.status !== 'open') return;
    await this.save({ ...session, status: 'complete', paymentStatus: 'paid' });
  }

  /** The buyer gave up: the session can no longer be paid. */
  async cancel(session: TestCheckoutSession): Promise<void> {
    if (session.status !== 'open') return;
    await this.save({ ...session, status: 'expired' });
  }

  private async save(session: TestCheckoutSession): Promise<void> {
    await this.run(() => this.redis.set(this.key(`session:${session.id}`), JSON.stringify(session), 'EX', SESSION_TTL_SECONDS));
  }

  private key(suffix: string): string {
    return `${this.keyPrefix}:payments:test:${suffix}`;
  }

  private async run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch {
      throw new PaymentProviderUnavailableException();
    }
  }
}
