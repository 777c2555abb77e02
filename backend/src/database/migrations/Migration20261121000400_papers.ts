import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000400_papers extends Migration {
  override name = 'Migration20261121000400_papers';

  up(): void {
    this.addSql(`
      create table research_papers (
        id uuid primary key,
        user_id uuid not null references users (id) on delete restrict,
        title text not null,
        abstract text not null,
        category varchar(100) not null,
        keywords text null,
        authors jsonb not null default '[]'::jsonb,
        status text not null default 'submitted',
        published_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint research_papers_status_check
          check (status in ('submitted', 'under_review', 'accepted', 'published', 'rejected')),
        constraint research_papers_published_at_check
          check ((status = 'published') = (published_at is not null)),
        constraint research_papers_authors_check check (jsonb_typeof(authors) = 'array')
      );
    `);
    this.addSql('create index research_papers_user_id_idx on research_papers (user_id, created_at desc);');
    this.addSql(
      "create index research_papers_published_idx on research_papers (published_at desc, id desc) where status = 'published';",
    );
    this.addSql('create index research_papers_status_idx on research_papers (status, created_at desc);');
  }

  override down(): void {
    this.addSql('drop table if exists research_papers;');
  }
}
