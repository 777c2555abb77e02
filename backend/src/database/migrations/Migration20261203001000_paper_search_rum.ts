import { Migration } from '@mikro-orm/migrations';

/**
 * The matches of a search, newest first, from the index alone (issue 28): a RUM index (the `rum`
 * extension, Debian's postgresql-<major>-rum) of each published paper's words with its
 * published_at attached to every entry of its posting lists, so that the index can sort the
 * matches by date and the table is read only for the papers shown. A GIN index can only list the
 * matches: sorting them meant reading each from the table and TOAST (about 20 µs a match, 250 ms
 * for a word in 1.4% of 1,000,000 papers).
 *
 * The words are those of the word index (research_paper_search_words, migration 20261126002000),
 * as a tsvector without positions. The column is computed from the base columns: a generated
 * column may not read another one (search_text). published_at is attached, not ordered by
 * (`order_by_attach`): that option returned wrong results (postgrespro/rum#79), and in Debian's
 * 1.3.13 it would not spare a sort anyway: its lookupScanDirection never finds the direction of
 * `<=|` (a loop that stops at the first strategy, fixed upstream later), so every ordered scan
 * collects and sorts all its matches whichever way the posting lists are kept.
 *
 * Where the extension is not installed (the embedded PostgreSQL of `npm start` without a
 * server), none of this is created and the search takes its GIN path (paper-list.repository.ts
 * reads which at start). Installing the package later and running `npm run migrate` again adds
 * it (ensureSearchRumIndex, migrate.ts).
 *
 * search_vector (a tsvector of the `simple` configuration with positions and weights) goes: no
 * query has read it since the trigram search (issue 16), and its GIN index cost every write.
 */
export class Migration20261203001000_paper_search_rum extends Migration {
  override name = 'Migration20261203001000_paper_search_rum';

  override up(): void {
    this.addSql('drop index if exists research_papers_search_vector_idx;');
    this.addSql('alter table research_papers drop column if exists search_vector;');
    this.addSql(SEARCH_RUM_INDEX_SQL);
  }

  override down(): void {
    this.addSql('drop index if exists research_papers_search_rum_idx;');
    this.addSql('alter table research_papers drop column if exists search_words;');
    this.addSql(`
      alter table research_papers
        add column search_vector tsvector generated always as (
          setweight(to_tsvector('simple'::regconfig, title), 'A') ||
          setweight(to_tsvector('simple'::regconfig, research_paper_author_names(authors)), 'B') ||
          setweight(to_tsvector('simple'::regconfig, abstract), 'C')
        ) stored;
    `);
    this.addSql('create index research_papers_search_vector_idx on research_papers using gin (search_vector);');
  }
}

/**
 * Creates the words column and its RUM index when the extension can be installed and they are
 * not there yet; does nothing otherwise. Idempotent: the migration runs it, and so does every
 * `migrate` after the migrations (a server that got the extension later).
 */
export const SEARCH_RUM_INDEX_SQL = `
  do $$
  begin
    if not exists (select 1 from pg_available_extensions where name = 'rum')
       or exists (select 1 from pg_indexes where schemaname = current_schema() and indexname = 'research_papers_search_rum_idx') then
      return;
    end if;
    create extension if not exists rum;
    if not exists (select 1 from information_schema.columns
                    where table_schema = current_schema() and table_name = 'research_papers' and column_name = 'search_words') then
      alter table research_papers
        add column search_words tsvector generated always as (
          array_to_tsvector(research_paper_search_words(lower(title || ' ' || research_paper_author_names(authors) || ' ' || abstract)))
        ) stored;
    end if;
    set local maintenance_work_mem = '256MB';
    create index research_papers_search_rum_idx on research_papers
      using rum (search_words rum_tsvector_addon_ops, published_at)
      with (attach = 'published_at', to = 'search_words')
      where status = 'published';
    analyze research_papers;
  end
  $$;
`;
