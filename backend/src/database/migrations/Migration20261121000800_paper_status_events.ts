import { Migration } from '@mikro-orm/migrations';

/**
 * The status timeline of every paper: one row per change, the submission first. `changed_by`
 * is null only for the decisions backfilled here, whose admin was never recorded (shown as the
 * editorial team). Also the index of the admin list of every paper, newest first.
 */
export class Migration20261121000800_paper_status_events extends Migration {
  override name = 'Migration20261121000800_paper_status_events';

  up(): void {
    this.addSql(`
      create table paper_status_events (
        id uuid primary key,
        paper_id uuid not null references research_papers (id) on delete cascade,
        from_status text null,
        to_status text not null,
        changed_by uuid null references users (id) on delete restrict,
        changed_at timestamptz not null default now(),
        constraint paper_status_events_from_status_check
          check (from_status in ('submitted', 'under_review', 'accepted', 'published', 'rejected')),
        constraint paper_status_events_to_status_check
          check (to_status in ('submitted', 'under_review', 'accepted', 'published', 'rejected'))
      );
    `);
    this.addSql('create index paper_status_events_paper_id_changed_at_idx on paper_status_events (paper_id, changed_at);');
    this.addSql('create index research_papers_created_at_id_idx on research_papers (created_at desc, id desc);');
    this.addSql(`
      insert into paper_status_events (id, paper_id, from_status, to_status, changed_by, changed_at)
      select gen_random_uuid(), id, null, 'submitted', user_id, created_at
        from research_papers;
    `);
    // greatest(): a decision is never before its submission, even for imported papers.
    this.addSql(`
      insert into paper_status_events (id, paper_id, from_status, to_status, changed_by, changed_at)
      select gen_random_uuid(), id, 'submitted', status, null, greatest(coalesce(published_at, updated_at), created_at)
        from research_papers
       where status <> 'submitted';
    `);
  }

  override down(): void {
    this.addSql('drop index if exists research_papers_created_at_id_idx;');
    this.addSql('drop table if exists paper_status_events;');
  }
}
