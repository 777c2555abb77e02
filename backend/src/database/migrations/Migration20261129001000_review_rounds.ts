import { Migration } from '@mikro-orm/migrations';

/**
 * Review in rounds, and declining (issue 18). A paper is reviewed in numbered rounds: round 1 at
 * submission, one more each time the author answers a revision request. A paper may now have many
 * assignments, but at most one that is not declined in each round (the partial unique index takes
 * over from the old "one per paper" constraint, and still decides between two editors assigning
 * at once). A declined assignment stays, with its reason, for the editors; it ends the reviewer's
 * access to the paper. `share_text`/`share_criteria` are what the editor chose to show the author
 * of a submitted review.
 *
 * A revision request belongs to the round whose review prompted it; the author's answer (a letter
 * and a new PDF version) opens the next round. At most one request per paper is open at a time.
 */
export class Migration20261129001000_review_rounds extends Migration {
  override name = 'Migration20261129001000_review_rounds';

  up(): void {
    this.addSql('alter table research_papers add column round integer not null default 1 constraint research_papers_round_check check (round between 1 and 1000)');

    this.addSql('alter table paper_reviews add column round integer not null default 1 constraint paper_reviews_round_check check (round between 1 and 1000)');
    this.addSql('alter table paper_reviews drop constraint paper_reviews_status_check');
    this.addSql("alter table paper_reviews add constraint paper_reviews_status_check check (status in ('assigned', 'in_progress', 'submitted', 'declined'))");
    this.addSql('alter table paper_reviews add column declined_at timestamptz null');
    this.addSql('alter table paper_reviews add column decline_reason text null constraint paper_reviews_decline_reason_length check (char_length(decline_reason) <= 2000)');
    this.addSql(
      "alter table paper_reviews add constraint paper_reviews_declined_check check ((status = 'declined') = (declined_at is not null) and (declined_at is null) = (decline_reason is null))",
    );
    this.addSql('alter table paper_reviews add column share_text boolean not null default false');
    this.addSql('alter table paper_reviews add column share_criteria boolean not null default false');
    this.addSql('alter table paper_reviews drop constraint paper_reviews_paper_id_unique');
    this.addSql("create unique index paper_reviews_active_round_unique on paper_reviews (paper_id, round) where status <> 'declined'");

    this.addSql(`
      create table revision_requests (
        id uuid primary key default gen_random_uuid(),
        paper_id uuid not null references research_papers (id) on delete cascade,
        round integer not null constraint revision_requests_round_check check (round between 1 and 1000),
        kind text not null constraint revision_requests_kind_check check (kind in ('minor', 'major')),
        editor_note text not null default '' constraint revision_requests_note_length check (char_length(editor_note) <= 10000),
        requested_by uuid null references users (id) on delete set null,
        requested_at timestamptz not null default now(),
        due_at timestamptz not null,
        response_letter text null constraint revision_requests_letter_length check (char_length(response_letter) <= 20000),
        response_version integer null,
        responded_at timestamptz null,
        constraint revision_requests_round_unique unique (paper_id, round),
        constraint revision_requests_response_check
          check ((responded_at is null) = (response_letter is null) and (responded_at is null) = (response_version is null))
      )`);
    this.addSql('create unique index revision_requests_open_unique on revision_requests (paper_id) where responded_at is null');
    this.addSql('create index revision_requests_due_index on revision_requests (due_at) where responded_at is null');
  }

  override down(): void {
    this.addSql('drop table if exists revision_requests');
    this.addSql("delete from paper_reviews where status = 'declined'");
    this.addSql('drop index if exists paper_reviews_active_round_unique');
    this.addSql('delete from paper_reviews r using paper_reviews newer where newer.paper_id = r.paper_id and newer.round > r.round');
    this.addSql('alter table paper_reviews add constraint paper_reviews_paper_id_unique unique (paper_id)');
    this.addSql('alter table paper_reviews drop constraint paper_reviews_declined_check');
    this.addSql('alter table paper_reviews drop column share_criteria, drop column share_text, drop column decline_reason, drop column declined_at, drop column round');
    this.addSql('alter table paper_reviews drop constraint paper_reviews_status_check');
    this.addSql("alter table paper_reviews add constraint paper_reviews_status_check check (status in ('assigned', 'in_progress', 'submitted'))");
    this.addSql('alter table research_papers drop column round');
  }
}
