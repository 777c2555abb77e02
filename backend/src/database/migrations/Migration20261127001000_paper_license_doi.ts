import { Migration } from '@mikro-orm/migrations';

/**
 * A licence and a DOI for every paper (issue 17). The licence is the one the journal offered when
 * the paper was submitted (JOURNAL_LICENSE), kept for good: the papers published before this
 * migration were published open access with no licence named, and get the journal's default,
 * CC BY 4.0. The check lists the SPDX ids of config/licenses.ts. A DOI is given once, at
 * publication (or by the DOI chore, for papers published before a Crossref prefix was set), and
 * never changes, not even if the paper is withdrawn later: a DOI is for good. The sequence numbers them.
 */
export class Migration20261127001000_paper_license_doi extends Migration {
  override name = 'Migration20261127001000_paper_license_doi';

  override up(): void {
    this.addSql(`
      alter table research_papers
        add column license varchar(20) not null default 'CC-BY-4.0',
        add column doi varchar(300) null,
        add constraint research_papers_license_known check (
          license in ('CC-BY-4.0', 'CC-BY-SA-4.0', 'CC-BY-NC-4.0', 'CC-BY-NC-SA-4.0', 'CC-BY-ND-4.0', 'CC-BY-NC-ND-4.0', 'CC0-1.0')
        ),
        add constraint research_papers_doi_format check (doi ~ '^10\\.[0-9]{4,9}(\\.[0-9]+)*/[!-~]+$')`);
    this.addSql('create unique index research_papers_doi_unique on research_papers (lower(doi))');
    this.addSql('create sequence research_paper_doi_number');
  }

  override down(): void {
    this.addSql('drop sequence if exists research_paper_doi_number');
    this.addSql('drop index if exists research_papers_doi_unique');
    this.addSql('alter table research_papers drop constraint if exists research_papers_doi_format, drop constraint if exists research_papers_license_known');
    this.addSql('alter table research_papers drop column if exists doi, drop column if exists license');
  }
}
