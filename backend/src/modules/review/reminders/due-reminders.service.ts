import { type EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { MailTemplate } from '../../notifications/mail/mail-template.js';
import { type MailOutbox, NotificationsService } from '../../notifications/notifications.service.js';
import { UsersService } from '../../users/users.service.js';
import { DueReminderKind } from '../entities/due-reminder.entity.js';
import {
  DUE_REMINDERS_BATCH_SIZE,
  formatDueDate,
  OVERDUE_REMINDER_DELAY_MS,
  paperPageUrl,
  reviewPageUrl,
  UPCOMING_REMINDER_LEAD_MS,
} from './due-reminders.js';

/** What is reminded of a due date: a review (its reviewer) or an open revision request (the paper's author). */
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

const REVIEWS: ReminderSubject = {
  reminderColumn: 'review_id',
  from: 'paper_reviews subject',
  givenAt: 'subject.assigned_at',
  open: "subject.status in ('assigned', 'in_progress')",
  recipientId: 'subject.reviewer_id',
};

const REVISION_REQUESTS: ReminderSubject = {
  reminderColumn: 'revision_request_id',
  from: 'revision_requests subject',
  givenAt: 'subject.requested_at',
  open: 'subject.responded_at is null',
  recipientId: 'paper.user_id',
};

/**
 * Records the reminders that are due and not yet recorded, and returns them with what their
 * e-mails need. The rows are the once-ness: `not exists` skips what was sent, and `on conflict do
 * nothing` makes a sweep racing another one (another worker) wait for its commit and then skip
 * the same rows, so each reminder is recorded, and mailed, once. `for share` waits for a review
 * being submitted or declined at that moment, and then leaves it out.
 */
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

interface RecordedReminder {
  id: string;
  subject_id: string;
  kind: DueReminderKind.Upcoming | DueReminderKind.Overdue;
  /** As Postgres writes a timestamptz: raw queries are not hydrated. */
  due_at: string;
  paper_id: string;
  title: string;
  recipient_id: string;
}

const seconds = (ms: number) => ms / 1000;

/**
 * The automatic due-date reminders (issue 18), run by the worker's `send-due-reminders` chore:
 * an "upcoming" reminder from three days before a review or a revision is due, and an "overdue"
 * one from the day after, each once per due date (a moved date earns its own). A reviewer is
 * reminded while the review is neither submitted nor declined, an author while the revision
 * request is unanswered.
 */
@Injectable()
export class DueRemindersService {
  constructor(
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly notifications: NotificationsService,
    private readonly users: UsersService,
  ) {}

  /** Sends the reminders that are due and not yet sent; returns how many went out. */
  async sendDue(): Promise<number> {
    const reviews = await this.sweep(REVIEWS, (mail, reminder, to) =>
      mail.queue({
        template: MailTemplate.ReviewReminder,
        to,
        data: {
          title: reminder.title,
          reviewUrl: reviewPageUrl(this.config.http.publicUrl, reminder.subject_id),
          dueDate: formatDueDate(new Date(reminder.due_at)),
          overdue: reminder.kind === DueReminderKind.Overdue,
        },
        dedupeKey: `review-reminder:${reminder.id}`,
      }),
    );
    const revisions = await this.sweep(REVISION_REQUESTS, (mail, reminder, to) =>
      mail.queue({
        template: MailTemplate.RevisionReminder,
        to,
        data: {
          title: reminder.title,
          dueDate: formatDueDate(new Date(reminder.due_at)),
          paperUrl: paperPageUrl(this.config.http.publicUrl, reminder.paper_id),
          overdue: reminder.kind === DueReminderKind.Overdue,
        },
        dedupeKey: `revision-reminder:${reminder.id}`,
      }),
    );
    return reviews + revisions;
  }

  /** One transaction per sweep of reviews or of revision requests: the reminders' rows and their e-mails commit together or not at all. */
  private async sweep(subject: ReminderSubject, queue: (mail: MailOutbox, reminder: RecordedReminder, to: string) => void): Promise<number> {
    return this.notifications.inTransaction(
      async (tx: EntityManager, mail) => {
        const recorded = await tx.execute<RecordedReminder[]>(recordDueSql(subject), [
          seconds(UPCOMING_REMINDER_LEAD_MS),
          seconds(UPCOMING_REMINDER_LEAD_MS),
          seconds(OVERDUE_REMINDER_DELAY_MS),
          DUE_REMINDERS_BATCH_SIZE,
        ]);
        const emails = await this.users.emailsOf(recorded.map((reminder) => reminder.recipient_id), tx);
        let queued = 0;
        for (const reminder of recorded) {
          const to = emails.get(reminder.recipient_id);
          // An account gone since has no one to remind; the row still records that the date was handled.
          if (!to) continue;
          queue(mail, reminder, to);
          queued += 1;
        }
        await tx.flush();
        return queued;
      },
      { em: this.orm.em.fork() },
    );
  }
}
