import { Migration } from '@mikro-orm/migrations';

/**
 * Floods of messages (issue 25): a row per sender and editor remembers when the last e-mail about
 * that sender's messages was due to that editor, and the digest e-mail (an outbox row, due when
 * the window closes) that messages written since are folded into while it has not been tried.
 * Its lock serialises one sender's messages per editor. The index serves the attachment quota,
 * which sums a sender's stored images across all their messages.
 */
export class Migration20261130001000_message_mail_windows extends Migration {
  override name = 'Migration20261130001000_message_mail_windows';

  up(): void {
    this.addSql(`
      create table message_mail_windows (
        sender_id uuid not null references users (id) on delete cascade,
        recipient_id uuid not null references users (id) on delete cascade,
        last_mail_at timestamptz not null,
        digest_mail_id uuid null references outbox_mails (id) on delete set null,
        primary key (sender_id, recipient_id)
      )`);
    this.addSql('create index reviewer_messages_sender_index on reviewer_messages (sender_id)');
  }

  override down(): void {
    this.addSql('drop index reviewer_messages_sender_index');
    this.addSql('drop table message_mail_windows');
  }
}
