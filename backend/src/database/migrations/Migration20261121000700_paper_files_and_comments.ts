import { Migration } from '@mikro-orm/migrations';

/**
 * Every uploaded PDF of a paper as a numbered version (1 = the submitted file; the paper's
 * `pdf_storage_key` is always its newest version), and the discussion between a paper's owner
 * and the editorial team. Papers that already have a file (the demo papers) get it as version 1.
 */
export class Migration20261121000700_paper_files_and_comments extends Migration {
  override name = 'Migration20261121000700_paper_files_and_comments';

  up(): void {
    this.addSql(`
      create table paper_files (
        id uuid primary key,
        paper_id uuid not null references research_papers (id) on delete restrict,
        version int not null check (version >= 1),
        storage_key text not null,
        file_name text not null,
        size_bytes bigint not null check (size_bytes >= 0),
        uploaded_by uuid not null references users (id) on delete restrict,
        uploaded_at timestamptz not null default now(),
        constraint paper_files_storage_key_key unique (storage_key),
        constraint paper_files_paper_id_version_key unique (paper_id, version)
      );
    `);
    this.addSql(`
      create table paper_comments (
        id uuid primary key,
        paper_id uuid not null references research_papers (id) on delete restrict,
        user_id uuid not null references users (id) on delete restrict,
        comment text not null check (char_length(comment) between 1 and 10000),
        is_admin_comment boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
    `);
    this.addSql('create index paper_comments_paper_id_created_at_idx on paper_comments (paper_id, created_at);');
    // The size of a file stored before versions existed is unknown here; 0 until it is uploaded again.
    this.addSql(`
      insert into paper_files (id, paper_id, version, storage_key, file_name, size_bytes, uploaded_by, uploaded_at)
      select gen_random_uuid(), id, 1, pdf_storage_key, coalesce(pdf_file_name, 'paper.pdf'), 0, user_id, coalesce(published_at, created_at)
        from research_papers
       where pdf_storage_key is not null
      on conflict do nothing;
    `);
  }

  override down(): void {
    this.addSql('drop table if exists paper_comments;');
    this.addSql('drop table if exists paper_files;');
  }
}
