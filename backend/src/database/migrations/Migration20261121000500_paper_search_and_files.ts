import { Migration } from '@mikro-orm/migrations';

/**
 * Papers imported from elsewhere (`source_id`), the stored PDF of a paper, and search.
 *
 * Search (docs/api.md, GET /api/papers?q=): `search_vector` (full-text, 'simple' configuration so
 * that prefixes of unstemmed words match with `:*`) and `search_text` (lower-cased, for trigram
 * infix matching of partial words) are generated from the title, the authors' names and the
 * abstract. The list query never ranks: it walks research_papers_published_idx newest first and
 * stops at the page size, so a common term costs a few dozen rows, while a rare term is answered
 * from the GIN indexes (the planner chooses by the estimated selectivity).
 */
export class Migration20261121000500_paper_search_and_files extends Migration {
  override name = 'Migration20261121000500_paper_search_and_files';

  up(): void {
    this.addSql('create extension if not exists pg_trgm;');
    this.addSql(`
      alter table research_papers
        add column source_id text null,
        add column pdf_storage_key text null,
        add column pdf_file_name text null,
        add constraint research_papers_source_id_key unique (source_id);
    `);
    // Generated columns may only call immutable functions; the names are read from the jsonb.
    this.addSql(`
      create function research_paper_author_names(authors jsonb) returns text
        language sql immutable parallel safe
        as $$ select coalesce(string_agg(author ->> 'name', ' '), '') from jsonb_array_elements(authors) as author $$;
    `);
    this.addSql(`
      alter table research_papers
        add column search_vector tsvector generated always as (
          setweight(to_tsvector('simple'::regconfig, title), 'A') ||
          setweight(to_tsvector('simple'::regconfig, research_paper_author_names(authors)), 'B') ||
          setweight(to_tsvector('simple'::regconfig, abstract), 'C')
        ) stored,
        add column search_text text generated always as (
          lower(title || ' ' || research_paper_author_names(authors) || ' ' || abstract)
        ) stored;
    `);
    this.addSql('create index research_papers_search_vector_idx on research_papers using gin (search_vector);');
    this.addSql('create index research_papers_search_text_trgm_idx on research_papers using gin (search_text gin_trgm_ops);');
  }

  override down(): void {
    this.addSql('drop index if exists research_papers_search_text_trgm_idx;');
    this.addSql('drop index if exists research_papers_search_vector_idx;');
    this.addSql(`
      alter table research_papers
        drop column if exists search_text,
        drop column if exists search_vector,
        drop constraint if exists research_papers_source_id_key,
        drop column if exists pdf_file_name,
        drop column if exists pdf_storage_key,
        drop column if exists source_id;
    `);
    this.addSql('drop function if exists research_paper_author_names(jsonb);');
  }
}
