import { Migration } from '@mikro-orm/migrations';

/**
 * The OAI-PMH lists (papers/oai/) walk the published papers by datestamp, when each last changed
 * (greatest(updated_at, published_at), as the sitemap and the feed say), then id: their keyset
 * order. Neither research_papers_published_idx (published_at) nor any other index gives that
 * order, so without this one every page of a harvest, and every from/until range, would sort all
 * the published papers (1,000,000 in the benchmark). The expression must stay written exactly as
 * the queries write it, or the planner does not match it. Identify's earliestDatestamp is its first entry.
 */
export class Migration20261127002000_oai_datestamp_index extends Migration {
  override name = 'Migration20261127002000_oai_datestamp_index';

  override up(): void {
    this.addSql(
      "create index research_papers_oai_datestamp_idx on research_papers ((greatest(updated_at, published_at)), id) where status = 'published'",
    );
  }

  override down(): void {
    this.addSql('drop index if exists research_papers_oai_datestamp_idx');
  }
}
