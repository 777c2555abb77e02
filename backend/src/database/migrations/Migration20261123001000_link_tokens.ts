import { Migration } from '@mikro-orm/migrations';

/**
 * One store for every e-mailed link: `auth_tokens` becomes `link_tokens`, whose subject is an
 * account or, for someone invited who has no account yet, an e-mail address. Renamed in place,
 * so every link already sent keeps working (same ids, same hashes, same expiry).
 */
export class Migration20261123001000_link_tokens extends Migration {
  override name = 'Migration20261123001000_link_tokens';

  override up(): void {
    this.addSql('alter table auth_tokens rename to link_tokens');
    this.addSql('alter table link_tokens rename constraint auth_tokens_pkey to link_tokens_pkey');
    this.addSql('alter table link_tokens rename column type to purpose');
    this.addSql('alter table link_tokens rename column used_at to consumed_at');
    this.addSql('alter table link_tokens rename column user_id to subject_user_id');
    this.addSql('alter table link_tokens rename constraint auth_tokens_user_id_fkey to link_tokens_subject_user_id_fkey');
    this.addSql('alter table link_tokens alter column subject_user_id drop not null');
    this.addSql('alter table link_tokens add column subject_email text null');
    this.addSql('alter table link_tokens add constraint link_tokens_one_subject_check check (num_nonnulls(subject_user_id, subject_email) = 1)');
    this.addSql('alter table link_tokens drop constraint auth_tokens_type_check');
    this.addSql(`
      alter table link_tokens add constraint link_tokens_purpose_check
        check (purpose in ('email_confirmation', 'password_reset', 'reviewer_invitation'))`);
    this.addSql('alter index auth_tokens_token_hash_unique rename to link_tokens_token_hash_unique');
    // "Use up every other link of this account" and "of this address" look tokens up by subject.
    this.addSql('drop index auth_tokens_user_id_type_index');
    this.addSql('create index link_tokens_subject_user_id_purpose_index on link_tokens (subject_user_id, purpose) where subject_user_id is not null');
    this.addSql('create index link_tokens_subject_email_purpose_index on link_tokens (subject_email, purpose) where subject_email is not null');
  }

  override down(): void {
    // Links to addresses without an account did not exist before; they cannot be kept.
    this.addSql("delete from link_tokens where subject_user_id is null or purpose not in ('email_confirmation', 'password_reset')");
    this.addSql('drop index link_tokens_subject_email_purpose_index');
    this.addSql('drop index link_tokens_subject_user_id_purpose_index');
    this.addSql('create index auth_tokens_user_id_type_index on link_tokens (subject_user_id, purpose)');
    this.addSql('alter index link_tokens_token_hash_unique rename to auth_tokens_token_hash_unique');
    this.addSql('alter table link_tokens drop constraint link_tokens_purpose_check');
    this.addSql("alter table link_tokens add constraint auth_tokens_type_check check (purpose in ('email_confirmation', 'password_reset'))");
    this.addSql('alter table link_tokens drop constraint link_tokens_one_subject_check');
    this.addSql('alter table link_tokens drop column subject_email');
    this.addSql('alter table link_tokens alter column subject_user_id set not null');
    this.addSql('alter table link_tokens rename constraint link_tokens_subject_user_id_fkey to auth_tokens_user_id_fkey');
    this.addSql('alter table link_tokens rename column subject_user_id to user_id');
    this.addSql('alter table link_tokens rename column consumed_at to used_at');
    this.addSql('alter table link_tokens rename column purpose to type');
    this.addSql('alter table link_tokens rename constraint link_tokens_pkey to auth_tokens_pkey');
    this.addSql('alter table link_tokens rename to auth_tokens');
  }
}
