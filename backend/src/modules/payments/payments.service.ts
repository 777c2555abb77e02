import { setTimeout as sleep } from 'node:timers/promises';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { AuthUser } from '../auth/auth-user.js';
import { UsersService } from '../users/users.service.js';
import type { CheckoutSessionDto, RedirectUrlDto, SubmissionFeeDto, TestCheckoutDto, VerifyPaymentResultDto } from './dtos/payment.dto.js';
import { SESSION_ID_PATTERN } from './dtos/payment.dto.js';
import { PaymentCheckoutAttempt } from './entities/payment-checkout-attempt.entity.js';
import { PaymentStatus } from './entities/payment-status.js';
import { Payment } from './entities/payment.entity.js';
import type { PaymentRepository } from './entities/payment.repository.js';
import {
  PaymentAlreadyPaidException,
  PaymentNotFoundException,
  PaymentRequiredException,
} from './payments.exception.js';
import { type CheckoutSessionRef, PaymentProvider } from './providers/payment-provider.js';
import { type StripeCheckoutSessionEvent, StripePaymentProvider } from './providers/stripe-payment.provider.js';
import { type TestCheckoutSession, TestPaymentProvider } from './providers/test-payment.provider.js';
import { SUBMISSION_FEE, isPaidFeeSession } from './submission-fee.js';

/** An open session is offered again for this long, so a double click or a reload makes no second one. */
const REUSE_PENDING_MINUTES = 30;
/**
 * Longer than a provider call can last (Stripe: a 15 s timeout, tried twice), so an attempt this
 * old belongs to a request that died, and the author's next checkout takes it over.
 */
const ATTEMPT_STALE_AFTER_SECONDS = 60;
/** How often a checkout waiting for the author's other checkout in flight looks again. */
const ATTEMPT_POLL_MS = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class PaymentsService {
  constructor(
    private readonly em: EntityManager,
    private readonly provider: PaymentProvider,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async getSubmissionFee(userId: string): Promise<SubmissionFeeDto> {
    const paid = await this.hasUnusedPaidFee(userId);
    return { status: paid ? 'paid' : 'unpaid', ...SUBMISSION_FEE, provider: this.provider.name };
  }

  /** Whether the user has a paid fee that no submission has used yet. */
  hasUnusedPaidFee(userId: string, em: EntityManager = this.em.fork()): Promise<boolean> {
    return em.getRepository(Payment).hasUnusedPaidFee(userId);
  }

  /**
   * Marks one paid, unused fee of the user as used by the paper, inside the caller's
   * transaction (`em` is the transactional EntityManager; the paper row must already be
   * flushed in it, for the foreign key). If that transaction rolls back, the fee is unused
   * again. Concurrent submissions each claim a different fee or fail.
   * @throws PaymentRequiredException when there is no unused paid fee
   */
  async consumeSubmissionFee(em: EntityManager, userId: string, paperId: string): Promise<void> {
    if (!(await em.getRepository(Payment).claimUnusedFee(userId, paperId))) throw new PaymentRequiredException();
  }

  /**
   * The spec's create-payment. No transaction or lock is held while the provider answers (a
   * slow Stripe would hold a database connection and the author's other requests): a short
   * transaction under the author's lock records the attempt, the provider is called with the
   * attempt's id as idempotency key, and a second short one records the session. A request
   * that finds another checkout of the author in flight waits for its session, so a double
   * click makes one session; a provider that fails ends the attempt, so the next click retries.
   */
  async createCheckout(user: AuthUser): Promise<CheckoutSessionDto> {
    for (;;) {
      const step = await this.startCheckout(user.id);
      if (step.open) return step.open;
      if (step.attemptId) return this.openProviderSession(user, step.attemptId);
      await sleep(ATTEMPT_POLL_MS);
    }
  }

  /** The author's open session, or a claimed attempt, or neither while another is in flight. */
  private startCheckout(userId: string): Promise<{ open?: CheckoutSessionDto; attemptId?: string }> {
    return this.em.fork().transactional(async (tx) => {
      const attempts = tx.getRepository(PaymentCheckoutAttempt);
      await attempts.lockCheckoutsOf(userId);
      const payments = tx.getRepository(Payment);
      if (await payments.hasUnusedPaidFee(userId)) throw new PaymentAlreadyPaidException();
      const open = await payments.findOpenCheckout(userId, this.provider.name, REUSE_PENDING_MINUTES);
      if (open?.checkoutUrl) return { open: { url: open.checkoutUrl, sessionId: open.providerSessionId } };
      const attemptId = await attempts.claim(userId, ATTEMPT_STALE_AFTER_SECONDS);
      return attemptId ? { attemptId } : {};
    });
  }

  private async openProviderSession(user: AuthUser, attemptId: string): Promise<CheckoutSessionDto> {
    const publicUrl = this.config.http.publicUrl;
    let session: CheckoutSessionRef;
    try {
      session = await this.provider.createCheckoutSession({
        userId: user.id,
        ...SUBMISSION_FEE,
        successUrl: `${publicUrl}/submit?payment=success&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${publicUrl}/submit?payment=canceled`,
        idempotencyKey: `submission-fee-${attemptId}`,
        customerEmail: user.email,
      });
    } catch (error) {
      // Should this fail too, the attempt goes stale and the next checkout takes it over.
      await this.em.fork().getRepository(PaymentCheckoutAttempt).release(user.id, attemptId).catch(() => undefined);
      throw error;
    }
    await this.em.fork().transactional(async (tx) => {
      const attempts = tx.getRepository(PaymentCheckoutAttempt);
      await attempts.lockCheckoutsOf(user.id);
      await tx.getRepository(Payment).recordCheckout({
        id: attemptId,
        userId: user.id,
        provider: this.provider.name,
        providerSessionId: session.id,
        checkoutUrl: session.url,
        ...SUBMISSION_FEE,
      });
      await attempts.release(user.id, attemptId);
    });
    return { url: session.url, sessionId: session.id };
  }

  /**
   * The spec's verify-payment. The redirect back proves nothing by itself: only one of this
   * user's own sessions, as the provider reports it, paid with the fee's amount and currency.
   */
  async verify(userId: string, sessionId: string): Promise<VerifyPaymentResultDto> {
    const payments = this.payments();
    const payment = await payments.findOwnSession(userId, this.provider.name, sessionId);
    if (!payment) return { verified: false };
    if (payment.status === 'paid') return { verified: true };
    const session = await this.provider.retrieveSession(sessionId);
    if (!session || !isPaidFeeSession(session, userId)) {
      if (session?.status === 'expired') await payments.advance(sessionId, PaymentStatus.Expired);
      return { verified: false };
    }
    await payments.advance(sessionId, PaymentStatus.Paid);
    return { verified: true };
  }

  /**
   * Stripe's signed events. Each is one statement that only moves a payment forward, so
   * duplicates, retries and events out of order (even at the same moment) converge on one row.
   */
  async handleWebhook(rawBody: Buffer | undefined, signature: string | string[] | undefined): Promise<{ received: true }> {
    const stripe = this.stripeProvider();
    const event = stripe.parseWebhook(rawBody, typeof signature === 'string' ? signature : undefined);
    if (event?.type === 'checkout.session.completed') await this.recordCompleted(event.session);
    if (event?.type === 'checkout.session.expired') await this.payments().advance(event.session.id, PaymentStatus.Expired);
    return { received: true };
  }

  async getTestCheckout(userId: string, sessionId: string): Promise<TestCheckoutDto> {
    const { session } = await this.ownTestSession(userId, sessionId);
    return {
      sessionId: session.id,
      amount: session.amountTotal ?? SUBMISSION_FEE.amount,
      currency: session.currency ?? SUBMISSION_FEE.currency,
      status: session.status,
      successUrl: session.successUrl,
      cancelUrl: session.cancelUrl,
    };
  }

  /** Pays the test session at the "provider"; the payment itself is recorded by verify. */
  async completeTestCheckout(userId: string, sessionId: string): Promise<RedirectUrlDto> {
    const { provider, session } = await this.ownTestSession(userId, sessionId);
    await provider.complete(session);
    return { redirectUrl: session.successUrl };
  }

  async cancelTestCheckout(userId: string, sessionId: string): Promise<RedirectUrlDto> {
    const { provider, session } = await this.ownTestSession(userId, sessionId);
    await provider.cancel(session);
    // A canceled session is not offered again by the next checkout.
    await this.payments().advance(session.id, PaymentStatus.Canceled);
    return { redirectUrl: session.cancelUrl };
  }

  private async recordCompleted(session: StripeCheckoutSessionEvent['session']): Promise<void> {
    const userId = session.userId ?? session.metadataUserId;
    if (!userId || !UUID.test(userId) || (session.metadataUserId !== null && session.metadataUserId !== userId)) return;
    if (!isPaidFeeSession(session, userId)) return;
    if (!(await this.users.exists(userId))) return;
    // A session we never saw (its checkout response was lost) is recorded from the event alone.
    await this.payments().recordPaidStripeSession(userId, session.id, SUBMISSION_FEE.amount, SUBMISSION_FEE.currency);
  }

  private payments(): PaymentRepository {
    return this.em.fork().getRepository(Payment);
  }

  private stripeProvider(): StripePaymentProvider {
    if (!(this.provider instanceof StripePaymentProvider)) throw new PaymentNotFoundException();
    return this.provider;
  }

  /** The test provider's session, only for the user who started it; 404 for anything else. */
  private async ownTestSession(userId: string, sessionId: string): Promise<{ provider: TestPaymentProvider; session: TestCheckoutSession }> {
    const provider = this.provider;
    if (!(provider instanceof TestPaymentProvider) || !SESSION_ID_PATTERN.test(sessionId)) throw new PaymentNotFoundException();
    const session = await provider.retrieveSession(sessionId);
    if (!session || session.userId !== userId) throw new PaymentNotFoundException();
    return { provider, session };
  }
}
