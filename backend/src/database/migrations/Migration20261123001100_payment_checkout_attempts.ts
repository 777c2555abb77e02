import { Migration } from '@mikro-orm/migrations';

/**
 * A checkout is recorded before the provider is called, so that no transaction or lock is held
 * while Stripe answers. One row per author at most (the primary key): the checkout in flight.
 * Its `id` is the idempotency key sent to the provider and becomes the payment's id once the
 * provider has answered; a row left behind by a crashed request is taken over, with the same
 * key, once `started_at` is older than the provider can take.
 */
export class Migration20261123001100_payment_checkout_attempts extends Migration {
  override name = 'Migration20261123001100_payment_checkout_attempts';

  up(): void {
    this.addSql(`
      create table payment_checkout_attempts (
        user_id uuid primary key references users (id) on delete cascade,
        id uuid not null,
        started_at timestamptz not null default now()
      );
    `);
  }

  override down(): void {
    this.addSql('drop table if exists payment_checkout_attempts;');
  }
}
