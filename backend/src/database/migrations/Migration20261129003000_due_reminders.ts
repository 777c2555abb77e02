import { Migration } from '@mikro-orm/migrations';

/**
 * Due-date reminders (issue 18): one row per reminder e-mail, to a review's reviewer or to the
 * author of a paper with an open revision request. The row is the proof it was sent: the worker's
 * sweep inserts it with its e-mail in one transaction, and the partial unique indexes allow one
 * automatic reminder of each kind per subject and due date, so overlapping sweeps on several
 * workers send it once and a moved due date earns reminders of its own. Manual reminders (an
 * editor's button) are not unique; the service spaces them a day apart.
 */
export class Migration20261129003000_due_reminders extends Migration {
  override name = 'Migration20261129003000_due_reminders';

  up(): void {
    this.addSql(`
      create table due_reminders (
        id uuid primary key default gen_random_uuid(),
        review_id uuid null references paper_reviews (id) on delete cascade,
        revision_request_id uuid null references revision_requests (id) on delete cascade,
        kind text not null constraint due_reminders_kind_check check (kind in ('upcoming', 'overdue', 'manual')),
        due_at timestamptz not null,
        sent_at timestamptz not null default now(),
        sent_by uuid null references users (id) on delete set null,
        constraint due_reminders_subject_check check ((review_id is null) <> (revision_request_id is null)),
        constraint due_reminders_manual_check check (kind = 'manual' or sent_by is null)
      )`);
    this.addSql("create unique index due_reminders_review_unique on due_reminders (review_id, kind, due_at) where review_id is not null and kind <> 'manual'");
    this.addSql(
      "create unique index due_reminders_revision_unique on due_reminders (revision_request_id, kind, due_at) where revision_request_id is not null and kind <> 'manual'",
    );
    // The last reminder of each review (the editors' list, the manual reminder's spacing).
    this.addSql('create index due_reminders_review_sent_index on due_reminders (review_id, sent_at) where review_id is not null');
  }

  override down(): void {
    this.addSql('drop table if exists due_reminders');
  }
}
