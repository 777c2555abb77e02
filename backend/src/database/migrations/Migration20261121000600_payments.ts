import { Migration } from '@mikro-orm/migrations';

/**
 * Submission fees. One row per checkout session at the provider; `paper_id` is set when a
 * submission uses the paid fee (unique: one fee pays for exactly one paper). A paper with a
 * fee cannot be deleted without deciding what happens to the payment first. `checkout_url` is
 * null for a session first heard of through Stripe's webhook.
 */
export class Migration20261121000600_payments extends Migration {
  override name = 'Migration20261121000600_payments';

  up(): void {
    this.addSql(`
      create table payments (
        id uuid primary key,
        user_id uuid not null references users (id) on delete restrict,
        provider text not null,
        provider_session_id text not null,
        amount integer not null,
        currency text not null,
        status text not null default 'pending',
        paper_id uuid null references research_papers (id) on delete restrict,
        checkout_url text null,
        created_at timestamptz not null default now(),
        paid_at timestamptz null,
        used_at timestamptz null,
        updated_at timestamptz not null default now(),
        constraint payments_provider_session_id_key unique (provider_session_id),
        constraint payments_paper_id_key unique (paper_id),
        constraint payments_provider_check check (provider in ('stripe', 'test')),
        constraint payments_status_check check (status in ('pending', 'expired', 'canceled', 'paid')),
        constraint payments_amount_check check (amount > 0),
        constraint payments_paid_at_check check ((status = 'paid') = (paid_at is not null)),
        constraint payments_used_check check ((paper_id is null) = (used_at is null) and (paper_id is null or status = 'paid'))
      );
    `);
    this.addSql("create index payments_unused_paid_idx on payments (user_id, paid_at) where status = 'paid' and paper_id is null;");
    this.addSql('create index payments_user_id_idx on payments (user_id, created_at desc);');
  }

  override down(): void {
    this.addSql('drop table if exists payments;');
  }
}
