import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000300_outbox extends Migration {
  override name = 'Migration20261121000300_outbox';

  up(): void {
    this.addSql(`
      create table outbox_mails (
        id uuid primary key,
        template text not null,
        recipient text not null,
        data jsonb not null,
        dedupe_key text not null,
        status text not null default 'pending',
        attempts int not null default 0,
        last_error text null,
        created_at timestamptz not null default now(),
        queued_at timestamptz null,
        sent_at timestamptz null,
        constraint outbox_mails_dedupe_key_unique unique (dedupe_key),
        constraint outbox_mails_status_check check (status in ('pending', 'queued', 'sent', 'failed')),
        constraint outbox_mails_attempts_check check (attempts >= 0)
      );
    `);
    // The relay scans only the rows still waiting for a job.
    this.addSql(`create index outbox_mails_pending_idx on outbox_mails (created_at) where status = 'pending';`);
  }

  override down(): void {
    this.addSql('drop table if exists outbox_mails;');
  }
}
