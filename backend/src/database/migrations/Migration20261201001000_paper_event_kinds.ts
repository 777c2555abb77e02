import { Migration } from '@mikro-orm/migrations';

/**
 * A paper's timeline records more than its status: the editors' revision requests, the author's
 * revised paper, reviewer assignments and declines, each with who and when. `kind` names the
 * event (every row so far a status change); only a status change has a status, so `to_status`
 * becomes nullable, held to its kind by a check. `round` is the review round the event belongs
 * to, `reviewer_id` the reviewer an assignment or a decline is about (named to the editors only).
 */
export class Migration20261201001000_paper_event_kinds extends Migration {
  override name = 'Migration20261201001000_paper_event_kinds';

  up(): void {
    this.addSql(`
      alter table paper_status_events
        add column kind text not null default 'status_changed',
        add column round integer null,
        add column reviewer_id uuid null references users (id) on delete restrict,
        alter column to_status drop not null,
        add constraint paper_status_events_kind_check
          check (kind in ('status_changed', 'revisions_requested', 'revision_submitted', 'reviewer_assigned', 'review_declined')),
        add constraint paper_status_events_status_of_kind_check
          check ((kind = 'status_changed') = (to_status is not null)),
        add constraint paper_status_events_reviewer_of_kind_check
          check ((kind in ('reviewer_assigned', 'review_declined')) = (reviewer_id is not null)),
        add constraint paper_status_events_round_check
          check (round is null or round >= 1);
    `);
    this.addSql('alter table paper_status_events alter column kind drop default;');
    this.addSql('create index paper_status_events_reviewer_id_idx on paper_status_events (reviewer_id) where reviewer_id is not null;');
  }

  override down(): void {
    this.addSql("delete from paper_status_events where kind <> 'status_changed';");
    this.addSql('drop index if exists paper_status_events_reviewer_id_idx;');
    this.addSql(`
      alter table paper_status_events
        drop constraint paper_status_events_round_check,
        drop constraint paper_status_events_reviewer_of_kind_check,
        drop constraint paper_status_events_status_of_kind_check,
        drop constraint paper_status_events_kind_check,
        alter column to_status set not null,
        drop column reviewer_id,
        drop column round,
        drop column kind;
    `);
  }
}
