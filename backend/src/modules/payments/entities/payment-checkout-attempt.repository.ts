import { randomUUID } from 'node:crypto';
import { EntityRepository } from '@mikro-orm/postgresql';
import type { PaymentCheckoutAttempt } from './payment-checkout-attempt.entity.js';

export class PaymentCheckoutAttemptRepository extends EntityRepository<PaymentCheckoutAttempt> {
  /**
   * Serialises the author's checkout bookkeeping until the caller's transaction ends. Held for
   * a few statements only, never while a provider is called.
   */
  async lockCheckoutsOf(userId: string): Promise<void> {
    await this.em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`payments:checkout:${userId}`]);
  }

  /**
   * Records that this author's checkout starts now, and returns its id (the idempotency key);
   * null while another request's attempt is younger than `staleAfterSeconds`. An older one was
   * left by a request that died: it is taken over with its id, so the provider answers with the
   * session that request may already have made. One statement: insert or take over.
   */
  async claim(userId: string, staleAfterSeconds: number): Promise<string | null> {
    const [row] = await this.em.execute<{ id: string }[]>(
      `insert into payment_checkout_attempts (user_id, id, started_at) values (?, ?, now())
       on conflict (user_id) do update set started_at = now()
         where payment_checkout_attempts.started_at < now() - make_interval(secs => ?)
       returning id`,
      [userId, randomUUID(), staleAfterSeconds],
    );
    return row?.id ?? null;
  }

  /** Ends the attempt with this id; a later attempt of the author, with another id, stays. */
  async release(userId: string, id: string): Promise<void> {
    await this.nativeDelete({ userId, id });
  }
}
