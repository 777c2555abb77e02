import { randomUUID } from 'node:crypto';
import { EntityRepository } from '@mikro-orm/postgresql';
import { PaymentStatus, STATUS_RANK, statusRankSql } from './payment-status.js';
import type { Payment, PaymentProviderName } from './payment.entity.js';

export interface NewCheckoutPayment {
  id: string;
  userId: string;
  provider: PaymentProviderName;
  providerSessionId: string;
  checkoutUrl: string;
  amount: number;
  currency: string;
}

/**
 * Ordinary reads and writes go through the ORM. The three statements written in SQL must each be
 * atomic under concurrency, which the ORM cannot express: claiming a fee (`for update skip
 * locked`), moving a status only forward, and the webhook's upsert.
 */
export class PaymentRepository extends EntityRepository<Payment> {
  async hasUnusedPaidFee(userId: string): Promise<boolean> {
    return (await this.count({ userId, status: PaymentStatus.Paid, paperId: null })) > 0;
  }

  /** The author's newest session still open for payment, if it began within `maxAgeMinutes`. */
  findOpenCheckout(userId: string, provider: PaymentProviderName, maxAgeMinutes: number): Promise<Payment | null> {
    return this.findOne(
      { userId, provider, status: PaymentStatus.Pending, checkoutUrl: { $ne: null }, createdAt: { $gt: new Date(Date.now() - maxAgeMinutes * 60_000) } },
      { orderBy: { createdAt: 'desc' } },
    );
  }

  findOwnSession(userId: string, provider: PaymentProviderName, providerSessionId: string): Promise<Payment | null> {
    return this.findOne({ userId, provider, providerSessionId });
  }

  /**
   * A no-op when the row is there already: an attempt taken over while its first request was
   * still waiting for the provider records the same session under the same id.
   */
  async recordCheckout(payment: NewCheckoutPayment): Promise<void> {
    await this.createQueryBuilder()
      .insert({ ...payment, status: PaymentStatus.Pending })
      .onConflict()
      .ignore()
      .execute();
  }

  /**
   * Marks one paid, unused fee of the user as used by the paper. Concurrent submissions each
   * claim a different fee or none: `skip locked` never waits on a fee another transaction holds.
   * @returns whether a fee was claimed
   */
  async claimUnusedFee(userId: string, paperId: string): Promise<boolean> {
    const claimed = await this.em.execute<{ id: string }[]>(
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
    );
    return claimed.length > 0;
  }

  /** Moves the payment of a session to `status` if that is forward (see STATUS_RANK). */
  async advance(providerSessionId: string, status: PaymentStatus): Promise<void> {
    await this.em.execute(
      `update payments
          set status = ?, paid_at = case when ? = 'paid' then coalesce(paid_at, now()) else paid_at end, updated_at = now()
        where provider_session_id = ? and ${statusRankSql('status')} < ?`,
      [status, status, providerSessionId, STATUS_RANK[status]],
    );
  }

  /**
   * A Stripe session paid, as the webhook reports it: marks its payment paid, or records it from
   * the event alone when its checkout response was lost. The caller has checked that the user
   * exists (the foreign key would refuse the row otherwise).
   */
  async recordPaidStripeSession(userId: string, providerSessionId: string, amount: number, currency: string): Promise<void> {
    await this.em.execute(
      `insert into payments (id, user_id, provider, provider_session_id, amount, currency, status, paid_at)
       values (?, ?, 'stripe', ?, ?, ?, 'paid', now())
       on conflict (provider_session_id) do update
         set status = 'paid', paid_at = coalesce(payments.paid_at, now()), updated_at = now()
         where payments.user_id = excluded.user_id and ${statusRankSql('payments.status')} < ${STATUS_RANK[PaymentStatus.Paid]}`,
      [randomUUID(), userId, providerSessionId, amount, currency],
    );
  }
}
