import { Migration } from '@mikro-orm/migrations';

/**
 * Peer review: one assignment per paper, which is also its review (spec section 3,
 * paper_reviews). The unique constraint on `paper_id` is the "one reviewer per paper" rule, so
 * two admins assigning the same paper at once leave exactly one row. Deleting a paper deletes its
 * review; a reviewer's account cannot go while it holds a review (restrict), the assigning
 * editor's may (set null). `submitted_at` is set exactly when the status is submitted.
 */
export class Migration20261123003000_paper_reviews extends Migration {
  override name = 'Migration20261123003000_paper_reviews';

  up(): void {
    this.addSql(`
      create table paper_reviews (
        id uuid primary key default gen_random_uuid(),
        paper_id uuid not null constraint paper_reviews_paper_id_unique unique references research_papers (id) on delete cascade,
        reviewer_id uuid not null references users (id) on delete restrict,
        assigned_by uuid null references users (id) on delete set null,
        status text not null default 'assigned' constraint paper_reviews_status_check check (status in ('assigned', 'in_progress', 'submitted')),
        recommendation text null constraint paper_reviews_recommendation_check
          check (recommendation in ('accept', 'minor_revisions', 'major_revisions', 'reject')),
        review_content text not null default '' constraint paper_reviews_content_length check (char_length(review_content) <= 50000),
        assigned_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        submitted_at timestamptz null,
        constraint paper_reviews_submitted_check check ((status = 'submitted') = (submitted_at is not null)),
        constraint paper_reviews_submitted_complete check (status <> 'submitted' or (recommendation is not null and btrim(review_content) <> ''))
      )`);
    this.addSql('create index paper_reviews_reviewer_index on paper_reviews (reviewer_id, assigned_at desc)');
    this.addSql('create index paper_reviews_assigned_at_index on paper_reviews (assigned_at desc, id)');
  }

  override down(): void {
    this.addSql('drop table if exists paper_reviews');
  }
}
