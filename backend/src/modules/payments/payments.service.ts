import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { PaymentRequiredException } from './payments.exception.js';

@Injectable()
export class PaymentsService {
  constructor(private readonly em: EntityManager) {}

  /** Whether the user has a paid fee that no submission has used yet. */
  async hasUnusedPaidFee(userId: string): Promise<boolean> {
    const rows = await this.em
      .getConnection()
      .execute<{ found: boolean }[]>(
        "select exists (select 1 from payments where user_id = ? and status = 'paid' and paper_id is null) as found",
        [userId],
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
}
