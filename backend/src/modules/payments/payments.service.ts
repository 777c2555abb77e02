import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { CheckoutSessionDto, RedirectUrlDto, SubmissionFeeDto, TestCheckoutDto, VerifyPaymentResultDto } from './dtos/payment.dto.js';
import { SESSION_ID_PATTERN } from './dtos/payment.dto.js';
import { PaymentStatus, STATUS_RANK, statusRankSql } from './entities/payment-status.js';
import {
  PaymentAlreadyPaidException,
  PaymentNotFoundException,
  PaymentRequiredException,
} from './payments.exception.js';
import { PaymentProvider } from './providers/payment-provider.js';
import { type StripeCheckoutSessionEvent, StripePaymentProvider } from './providers/stripe-payment.provider.js';
import { type TestCheckoutSession, TestPaymentProvider } from './providers/test-payment.provider.js';
import { SUBMISSION_FEE, isPaidFeeSession } from './submission-fee.js';

/** An open session is offered again for this long, so a double click or a reload makes no second one. */
const REUSE_PENDING_MINUTES = 30;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class PaymentsService {
  constructor(
    private readonly em: EntityManager,
    private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async getSubmissionFee(userId: string): Promise<SubmissionFeeDto> {
    const paid = await this.hasUnusedPaidFee(userId);
    return { status: paid ? 'paid' : 'unpaid', ...SUBMISSION_FEE, provider: this.provider.name };
  }

  /** Whether the user has a paid fee that no submission has used yet. */
  async hasUnusedPaidFee(userId: string, em: EntityManager = this.em): Promise<boolean> {
    const rows = await em
      .getConnection()
      .execute<{ found: boolean }[]>(
        "select exists (select 1 from payments where user_id = ? and status = 'paid' and paper_id is null) as found",
        [userId],
        'all',
        em.getTransactionContext(),
      );
    return rows[0]?.found === true;
  }

  /**
   * Marks one paid, unused fee of the user as used by the paper, inside the caller's
   * transaction (`em` is the transactional EntityManager; the paper row must already be
   * flushed in it, for the foreign key). If that transaction rolls back, the fee is unused
   * again. Concurrent submissions each claim a different fee or fail: `skip locked` never
   * waits on a fee another transaction is claiming.
   * @throws PaymentRequiredException when there is no unused paid fee
   */
  async consumeSubmissionFee(em: EntityManager, userId: string, paperId: string): Promise<void> {
    const claimed = await em.getConnection().execute<{ id: string }[]>(
      `update payments set paper_id = ?, used_at = now(), updated_at = now()
        where id = (
          select id from payments
           where user_id = ? and status = 'paid' and paper_id is null
           order by paid_at, id
           limit 1
           for update skip locked
        )
        returning id`,
      [paperId, userId],
      'all',
      em.getTransactionContext(),
    );
    if (claimed.length === 0) throw new PaymentRequiredException();
  }

  /**
   * The spec's create-payment. Serialised per user by a transaction-scoped advisory lock, so
   * that two requests arriving together see each other: the second one finds the first one's
   * pending session and returns it.
   */
  createCheckout(user: AuthUser): Promise<CheckoutSessionDto> {
    return this.em.fork().transactional(async (tx) => {
      await this.execute(tx, 'select pg_advisory_xact_lock(hashtextextended(?, 0))', [`payments:checkout:${user.id}`]);
      if (await this.hasUnusedPaidFee(user.id, tx)) throw new PaymentAlreadyPaidException();
      const [open] = await this.execute<{ provider_session_id: string; checkout_url: string }>(
        tx,
        `select provider_session_id, checkout_url from payments
          where user_id = ? and provider = ? and status = 'pending' and checkout_url is not null
            and created_at > now() - make_interval(mins => ?)
          order by created_at desc limit 1`,
        [user.id, this.provider.name, REUSE_PENDING_MINUTES],
      );
      if (open) return { url: open.checkout_url, sessionId: open.provider_session_id };

      const id = randomUUID();
      const publicUrl = this.config.http.publicUrl;
      const session = await this.provider.createCheckoutSession({
        userId: user.id,
        ...SUBMISSION_FEE,
        successUrl: `${publicUrl}/submit?payment=success&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${publicUrl}/submit?payment=canceled`,
        idempotencyKey: `submission-fee-${id}`,
        customerEmail: user.email,
      });
      await this.execute(
        tx,
        `insert into payments (id, user_id, provider, provider_session_id, amount, currency, status, checkout_url)
         values (?, ?, ?, ?, ?, ?, 'pending', ?)`,
        [id, user.id, this.provider.name, session.id, SUBMISSION_FEE.amount, SUBMISSION_FEE.currency, session.url],
      );
      return { url: session.url, sessionId: session.id };
    });
  }

  /**
   * The spec's verify-payment. The redirect back proves nothing by itself: only one of this
   * user's own sessions, as the provider reports it, paid with the fee's amount and currency.
   */
  async verify(userId: string, sessionId: string): Promise<VerifyPaymentResultDto> {
    const [payment] = await this.execute<{ status: PaymentStatus }>(
      this.em,
      'select status from payments where provider_session_id = ? and user_id = ? and provider = ?',
      [sessionId, userId, this.provider.name],
    );
    if (!payment) return { verified: false };
    if (payment.status === PaymentStatus.Paid) return { verified: true };
    const session = await this.provider.retrieveSession(sessionId);
    if (!session || !isPaidFeeSession(session, userId)) {
      if (session?.status === 'expired') await this.advance(sessionId, PaymentStatus.Expired);
      return { verified: false };
    }
    await this.advance(sessionId, PaymentStatus.Paid);
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
    if (event?.type === 'checkout.session.expired') await this.advance(event.session.id, PaymentStatus.Expired);
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
    await this.advance(session.id, PaymentStatus.Canceled);
    return { redirectUrl: session.cancelUrl };
  }

  private async recordCompleted(session: StripeCheckoutSessionEvent['session']): Promise<void> {
    const userId = session.userId ?? session.metadataUserId;
    if (!userId || !UUID.test(userId) || (session.metadataUserId !== null && session.metadataUserId !== userId)) return;
    if (!isPaidFeeSession(session, userId)) return;
    // A session we never saw (its checkout response was lost) is recorded from the event alone.
    await this.execute(
      this.em,
      `insert into payments (id, user_id, provider, provider_session_id, amount, currency, status, paid_at)
       select ?, u.id, 'stripe', ?, ?, ?, 'paid', now() from users u where u.id = ?
       on conflict (provider_session_id) do update
         set status = 'paid', paid_at = coalesce(payments.paid_at, now()), updated_at = now()
         where payments.user_id = excluded.user_id and ${statusRankSql('payments.status')} < ${STATUS_RANK[PaymentStatus.Paid]}`,
      [randomUUID(), session.id, SUBMISSION_FEE.amount, SUBMISSION_FEE.currency, userId],
    );
  }

  /** Moves the payment of a session to `status` if that is forward (see STATUS_RANK). */
  private async advance(sessionId: string, status: PaymentStatus): Promise<void> {
    await this.execute(
      this.em,
      `update payments
          set status = ?, paid_at = case when ? = 'paid' then coalesce(paid_at, now()) else paid_at end, updated_at = now()
        where provider_session_id = ? and ${statusRankSql('status')} < ?`,
      [status, status, sessionId, STATUS_RANK[status]],
    );
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

  private execute<T>(em: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
    return em.getConnection().execute<T[]>(sql, params, 'all', em.getTransactionContext());
  }
}
