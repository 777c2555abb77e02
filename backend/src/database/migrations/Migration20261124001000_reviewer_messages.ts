import { Migration } from '@mikro-orm/migrations';

/**
 * Messages between the editorial team and reviewers (spec section 3, reviewer_messages) and
 * their images (the message-attachments bucket, here `message_attachments` rows naming stored
 * files). An editor's message has its reviewer as `recipient_id`; a reviewer's message goes to
 * the editorial team, `recipient_id` null. Blank or overlong text is refused here as well as by
 * the API (the subject's cap leaves room for the one 'Re: ' of a reply). Deleting an account
 * deletes the messages it sent or received; a reply outlives what it answered (set null).
 */
export class Migration20261124001000_reviewer_messages extends Migration {
  override name = 'Migration20261124001000_reviewer_messages';

  up(): void {
    this.addSql(`
      create table reviewer_messages (
        id uuid primary key default gen_random_uuid(),
        sender_id uuid not null references users (id) on delete cascade,
        recipient_id uuid null references users (id) on delete cascade,
        parent_id uuid null references reviewer_messages (id) on delete set null,
        subject text not null constraint reviewer_messages_subject_check check (btrim(subject) <> '' and char_length(subject) <= 204),
        content text not null constraint reviewer_messages_content_check check (btrim(content) <> '' and char_length(content) <= 10000),
        read_at timestamptz null,
        created_at timestamptz not null default now(),
        constraint reviewer_messages_not_to_self check (recipient_id is distinct from sender_id)
      )`);
    this.addSql('create index reviewer_messages_created_at_index on reviewer_messages (created_at desc, id desc)');
    this.addSql('create index reviewer_messages_recipient_index on reviewer_messages (recipient_id, created_at desc)');
    this.addSql('create index reviewer_messages_to_editors_index on reviewer_messages (sender_id, created_at desc) where recipient_id is null');
    this.addSql('create index reviewer_messages_unread_by_editors_index on reviewer_messages (created_at) where recipient_id is null and read_at is null');
    this.addSql(`
      create table message_attachments (
        id uuid primary key default gen_random_uuid(),
        message_id uuid not null references reviewer_messages (id) on delete cascade,
        position integer not null constraint message_attachments_position_check check (position >= 0),
        storage_key varchar(512) not null constraint message_attachments_storage_key_unique unique,
        content_type varchar(100) not null constraint message_attachments_content_type_check
          check (content_type in ('image/png', 'image/apng', 'image/jpeg', 'image/gif', 'image/webp')),
        size integer not null constraint message_attachments_size_check check (size > 0),
        original_name varchar(255) not null,
        created_at timestamptz not null default now(),
        constraint message_attachments_position_unique unique (message_id, position)
      )`);
  }

  override down(): void {
    this.addSql('drop table if exists message_attachments');
    this.addSql('drop table if exists reviewer_messages');
  }
}
