import { Migration } from '@mikro-orm/migrations';

/**
 * ORCID linking (spec section 3: profiles.orcid_id, orcid_linked_at; the columns came with the
 * accounts). The name ORCID gave at linking is kept for the dashboard's card, which would
 * otherwise have to ask ORCID on every visit. The rules the database can hold: an iD is
 * well-formed (four groups of four, the last character a digit or X), is linked to one account
 * at most (the unique index of the accounts migration), and a link has its date and nothing
 * of it outlives the iD.
 */
export class Migration20261125001000_orcid_link extends Migration {
  override name = 'Migration20261125001000_orcid_link';

  override up(): void {
    this.addSql('alter table profiles add column orcid_name varchar(200) null');
    this.addSql(`
      alter table profiles
        add constraint profiles_orcid_id_format check (orcid_id ~ '^[0-9]{4}-[0-9]{4}-[0-9]{4}-[0-9]{3}[0-9X]$'),
        add constraint profiles_orcid_link_whole check (
          (orcid_id is null and orcid_linked_at is null and orcid_name is null) or (orcid_id is not null and orcid_linked_at is not null)
        )`);
  }

  override down(): void {
    this.addSql('alter table profiles drop constraint if exists profiles_orcid_link_whole');
    this.addSql('alter table profiles drop constraint if exists profiles_orcid_id_format');
    this.addSql('alter table profiles drop column if exists orcid_name');
  }
}
