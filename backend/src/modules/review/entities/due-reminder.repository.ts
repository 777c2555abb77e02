import { EntityRepository } from '@mikro-orm/postgresql';
import type { DueReminder, DueReminderKind } from './due-reminder.entity.js';

/** What is reminded of a due date: a review (its reviewer) or an open revision request (the paper's author). */
export type ReminderSubjectKind = 'review' | 'revision-request';

interface ReminderSubject {
  /** The column of due_reminders naming it, and the partial unique index's predicate for it. */
  reminderColumn: 'review_id' | 'revision_request_id';
  from: string;
  /** When it was given: an upcoming reminder only for what was given before the window opened. */
  givenAt: string;
  /** Still waiting for the recipient. */
  open: string;
  recipientId: string;
}

const SUBJECTS: Record<ReminderSubjectKind, ReminderSubject> = {
  review: {
    reminderColumn: 'review_id',
    from: 'paper_reviews subject',
    givenAt: 'subject.assigned_at',
    open: "subject.status in ('assigned', 'in_progress')",
    recipientId: 'subject.reviewer_id',
  },
  'revision-request': {
    reminderColumn: 'revision_request_id',
    from: 'revision_requests subject',
    givenAt: 'subject.requested_at',
    open: 'subject.responded_at is null',
    recipientId: 'paper.user_id',
  },
};

const recordDueSql = (subject: ReminderSubject) => `
  with due as (
    select subject.id, kind.kind, subject.due_at
      from ${subject.from}
      cross join lateral (
        select 'upcoming'::text as kind
         where now() >= subject.due_at - make_interval(secs => ?)
           and now() < subject.due_at
           and ${subject.givenAt} <= subject.due_at - make_interval(secs => ?)
        union all
        select 'overdue'::text where now() >= subject.due_at + make_interval(secs => ?)
      ) kind
     where ${subject.open}
       and not exists (
         select 1 from due_reminders sent
          where sent.${subject.reminderColumn} = subject.id and sent.kind = kind.kind and sent.due_at = subject.due_at
       )
     order by subject.due_at, subject.id
     limit ?
       for share of subject
  ), recorded as (
    insert into due_reminders (${subject.reminderColumn}, kind, due_at)
    select id, kind, due_at from due
        on conflict (${subject.reminderColumn}, kind, due_at) where ${subject.reminderColumn} is not null and kind <> 'manual' do nothing
    returning id, ${subject.reminderColumn} as subject_id, kind, due_at
  )
  select recorded.id, recorded.subject_id, recorded.kind, recorded.due_at, paper.id as paper_id, paper.title, ${subject.recipientId} as recipient_id
    from recorded
    join ${subject.from} on subject.id = recorded.subject_id
    join research_papers paper on paper.id = subject.paper_id`;

/** A reminder just recorded, with what its e-mail needs. */
export interface RecordedReminder {
  id: string;
  subject_id: string;
  kind: DueReminderKind.Upcoming | DueReminderKind.Overdue;
  /** As Postgres writes a timestamptz: raw queries are not hydrated. */
  due_at: string;
  paper_id: string;
  title: string;
  recipient_id: string;
}

/** When the automatic reminders fall due, and how many of one subject a sweep records at most. */
export interface DueReminderTiming {
  upcomingLeadMs: number;
  overdueDelayMs: number;
  limit: number;
}

const seconds = (ms: number) => ms / 1000;

export class DueReminderRepository extends EntityRepository<DueReminder> {
  /**
   * Records the reminders of one subject that are due and not yet recorded, in the caller's
   * transaction, and returns them with what their e-mails need. One statement, because the rows
   * are the once-ness under concurrency: `not exists` skips what was sent, and `on conflict do
   * nothing` makes a sweep racing another one (another worker) wait for its commit and then skip
   * the same rows, so each reminder is recorded, and mailed, once. `for share` waits for a review
   * being submitted or declined at that moment, and then leaves it out.
   */
  recordDue(subject: ReminderSubjectKind, timing: DueReminderTiming): Promise<RecordedReminder[]> {
    return this.em.execute<RecordedReminder[]>(recordDueSql(SUBJECTS[subject]), [
      seconds(timing.upcomingLeadMs),
      seconds(timing.upcomingLeadMs),
      seconds(timing.overdueDelayMs),
      timing.limit,
    ]);
  }
}
