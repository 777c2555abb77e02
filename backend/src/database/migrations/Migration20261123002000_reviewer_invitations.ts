import { Migration } from '@mikro-orm/migrations';

/**
 * Reviewer invitations. `email` is the address as the admin typed it (trimmed), `email_key` the
 * one it is compared by (trimmed, lower case, like `users.email`). At most one pending invitation
 * per address: a partial unique index, so two admins inviting at once cannot both win. The link
 * lives in `link_tokens` (only its hash) and the e-mail in `outbox_mails`; both may be purged by
 * housekeeping, which leaves the invitation without them.
 *
 * `accepted_invitees` is the spec's assignable-reviewer view: one row per address with an accepted
 * invitation, with the account of that address (if any), its profile's name, and whether it holds
 * the reviewer role. An assignable reviewer is a row with an account, a profile and the role.
 */
export class Migration20261123002000_reviewer_invitations extends Migration {
  override name = 'Migration20261123002000_reviewer_invitations';

  up(): void {
    this.addSql(`
      create table reviewer_invitations (
        id uuid primary key default gen_random_uuid(),
        email varchar(254) not null,
        email_key varchar(254) not null,
        invited_by uuid null references users (id) on delete set null,
        status text not null default 'pending' constraint reviewer_invitations_status_check check (status in ('pending', 'accepted', 'expired')),
        invited_at timestamptz not null default now(),
        expires_at timestamptz not null,
        accepted_at timestamptz null,
        link_token_id uuid null references link_tokens (id) on delete set null,
        outbox_mail_id uuid null references outbox_mails (id) on delete set null,
        constraint reviewer_invitations_email_key_lower_case check (email_key = lower(email_key)),
        constraint reviewer_invitations_accepted_at_check check ((status = 'accepted') = (accepted_at is not null))
      )`);
    this.addSql(`create unique index reviewer_invitations_one_pending on reviewer_invitations (email_key) where status = 'pending'`);
    this.addSql('create index reviewer_invitations_email_key_index on reviewer_invitations (email_key)');
    this.addSql('create index reviewer_invitations_invited_at_index on reviewer_invitations (invited_at desc, id)');
    this.addSql('create index reviewer_invitations_link_token_index on reviewer_invitations (link_token_id)');
    this.addSql(`create index reviewer_invitations_pending_expiry_index on reviewer_invitations (expires_at) where status = 'pending'`);
    this.addSql(`
      create view accepted_invitees as
      select a.email_key, a.email, a.accepted_at as invitation_accepted_at,
             u.id as user_id, p.first_name, p.last_name,
             p.id is not null as has_profile,
             r.user_id is not null as has_user_role
        from (select distinct on (email_key) email_key, email, accepted_at
                from reviewer_invitations
               where status = 'accepted'
               order by email_key, accepted_at desc) a
        left join users u on u.email = a.email_key
        left join profiles p on p.id = u.id
        left join user_roles r on r.user_id = u.id and r.role = 'reviewer'`);
  }

  override down(): void {
    this.addSql('drop view if exists accepted_invitees');
    this.addSql('drop table if exists reviewer_invitations');
  }
}
