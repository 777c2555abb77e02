import { Migration } from '@mikro-orm/migrations';

/**
 * E-mail delivery that survives losing Redis: every unsent row has a due time the relay
 * watches, and each attempt's time is kept next to its count.
 */
export class Migration20261123000200_mail_delivery extends Migration {
  override name = 'Migration20261123000200_mail_delivery';

  up(): void {
    this.addSql(`
      alter table outbox_mails
        add column last_attempt_at timestamptz null,
        add column next_attempt_at timestamptz null default now();
    `);
    this.addSql(`update outbox_mails set next_attempt_at = coalesce(queued_at, created_at) where status in ('pending', 'queued');`);
    this.addSql(`update outbox_mails set next_attempt_at = null where status in ('sent', 'failed');`);
    this.addSql(`
      alter table outbox_mails add constraint outbox_mails_next_attempt_check
        check ((status in ('sent', 'failed')) = (next_attempt_at is null));
    `);
    // The relay scans every row not yet sent, queued ones too (their job may be gone).
    this.addSql('drop index if exists outbox_mails_pending_idx;');
    this.addSql(`create index outbox_mails_unsent_idx on outbox_mails (next_attempt_at) where status in ('pending', 'queued');`);
    // The editors' summary counts recent sends.
    this.addSql(`create index outbox_mails_sent_at_idx on outbox_mails (sent_at) where status = 'sent';`);
  }

  override down(): void {
    this.addSql('drop index if exists outbox_mails_sent_at_idx;');
    this.addSql('drop index if exists outbox_mails_unsent_idx;');
    this.addSql(`create index outbox_mails_pending_idx on outbox_mails (created_at) where status = 'pending';`);
    this.addSql('alter table outbox_mails drop constraint if exists outbox_mails_next_attempt_check;');
    this.addSql('alter table outbox_mails drop column if exists next_attempt_at, drop column if exists last_attempt_at;');
  }
}
