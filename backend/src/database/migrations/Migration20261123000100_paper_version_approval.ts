import { Migration } from '@mikro-orm/migrations';

/**
 * A published paper does not change silently, and editors can search papers.
 *
 * Versions: which file is public stays one fact, the paper's `pdf_storage_key` (its current
 * version). A version's `state` says how it got there or why not: `accepted` (became the
 * paper's PDF: uploaded before publication, or approved by an editor), `pending` (uploaded
 * after publication, waiting for an editor), `passed_over` (was pending when a newer version
 * became current). Every existing version was the paper's PDF in its time, so all are accepted.
 *
 * Admin search (GET /api/admin/papers?q=): a trigram index over the lower-cased title, author
 * names and author e-mails of each paper, as one immutable expression the query repeats; the
 * owner's account e-mail and profile name are matched in the users module, over trigram
 * indexes of its own tables.
 */
export class Migration20261123000100_paper_version_approval extends Migration {
  override name = 'Migration20261123000100_paper_version_approval';

  up(): void {
    this.addSql(`
      alter table paper_files
        add column state text not null default 'accepted',
        add column decided_by uuid null references users (id) on delete restrict,
        add column decided_at timestamptz null,
        add constraint paper_files_state_check check (state in ('accepted', 'pending', 'passed_over'));
    `);
    this.addSql("create index paper_files_pending_idx on paper_files (paper_id, version) where state = 'pending';");
    this.addSql(`
      create function research_paper_admin_search_text(title text, authors jsonb) returns text
        language sql immutable parallel safe
        as $$ select lower(title || ' ' || coalesce((select string_agg(coalesce(author ->> 'name', '') || ' ' || coalesce(author ->> 'email', ''), ' ') from jsonb_array_elements(authors) as author), '')) $$;
    `);
    this.addSql(
      'create index research_papers_admin_search_trgm_idx on research_papers using gin (research_paper_admin_search_text(title, authors) gin_trgm_ops);',
    );
    this.addSql('create index users_email_trgm_idx on users using gin (email gin_trgm_ops);');
    this.addSql(`
      create function profile_search_name(first_name text, last_name text) returns text
        language sql immutable parallel safe
        as $$ select lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) $$;
    `);
    this.addSql('create index profiles_name_trgm_idx on profiles using gin (profile_search_name(first_name, last_name) gin_trgm_ops);');
  }

  override down(): void {
    this.addSql('drop index if exists profiles_name_trgm_idx;');
    this.addSql('drop function if exists profile_search_name(text, text);');
    this.addSql('drop index if exists users_email_trgm_idx;');
    this.addSql('drop index if exists research_papers_admin_search_trgm_idx;');
    this.addSql('drop function if exists research_paper_admin_search_text(text, jsonb);');
    this.addSql('drop index if exists paper_files_pending_idx;');
    this.addSql(`
      alter table paper_files
        drop constraint if exists paper_files_state_check,
        drop column if exists decided_at,
        drop column if exists decided_by,
        drop column if exists state;
    `);
  }
}
