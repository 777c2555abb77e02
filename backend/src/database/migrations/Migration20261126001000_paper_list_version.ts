import { Migration } from '@mikro-orm/migrations';

/**
 * A version number of the public papers list, for the API's cache of list pages
 * (papers/paper-list-cache.service.ts). The database keeps it, in the same transaction as the
 * change: any write that adds, changes or removes a published paper (the API's, the seed's,
 * a hand-written UPDATE) raises it, and it commits with the change, so every API process that
 * reads the new version also reads the new rows.
 *
 * Row triggers, filtered by their WHEN clause: rows that are not published before or after a
 * change (a submission, a decision on an unpublished paper) leave the version alone. They raise
 * it once per transaction (a transaction-local setting remembers it), so a bulk insert updates
 * the row once. They are not deferred to the commit: a transaction with deferred trigger events
 * pending may not create an index on or alter the table, which the bulk seed and migrations do
 * after writing rows. The version row stays locked from a transaction's first change to a
 * published paper until it ends; every such transaction is short (one decision, one seed).
 */
export class Migration20261126001000_paper_list_version extends Migration {
  override name = 'Migration20261126001000_paper_list_version';

  override up(): void {
    this.addSql(`
      create table paper_list_version (
        singleton boolean primary key default true check (singleton),
        version bigint not null
      )`);
    this.addSql('insert into paper_list_version (version) values (1)');
    this.addSql(`
      create function paper_list_changed() returns trigger language plpgsql as $$
      begin
        if current_setting('papers.list_version_raised', true) is distinct from 'yes' then
          update paper_list_version set version = version + 1;
          perform set_config('papers.list_version_raised', 'yes', true);
        end if;
        return null;
      end
      $$`);
    this.addSql(`
      create trigger research_papers_list_insert after insert on research_papers
        for each row when (new.status = 'published') execute function paper_list_changed()`);
    this.addSql(`
      create trigger research_papers_list_update after update on research_papers
        for each row when (old.status = 'published' or new.status = 'published') execute function paper_list_changed()`);
    this.addSql(`
      create trigger research_papers_list_delete after delete on research_papers
        for each row when (old.status = 'published') execute function paper_list_changed()`);
    // TRUNCATE has no rows to look at: it always counts.
    this.addSql(`
      create trigger research_papers_list_truncate after truncate on research_papers
        for each statement execute function paper_list_changed()`);
  }

  override down(): void {
    this.addSql('drop trigger if exists research_papers_list_truncate on research_papers');
    this.addSql('drop trigger if exists research_papers_list_delete on research_papers');
    this.addSql('drop trigger if exists research_papers_list_update on research_papers');
    this.addSql('drop trigger if exists research_papers_list_insert on research_papers');
    this.addSql('drop function if exists paper_list_changed()');
    this.addSql('drop table if exists paper_list_version');
  }
}
