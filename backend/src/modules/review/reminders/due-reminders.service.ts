import { type EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { journalDates } from '../../../common/web-shared/journal-dates.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { MailTemplate } from '../../notifications/mail/mail-template.js';
import { type MailOutbox, NotificationsService } from '../../notifications/notifications.service.js';
import { UsersService } from '../../users/users.service.js';
import { DueReminder, DueReminderKind } from '../entities/due-reminder.entity.js';
import type { RecordedReminder, ReminderSubjectKind } from '../entities/due-reminder.repository.js';
import {
  DUE_REMINDERS_BATCH_SIZE,
  OVERDUE_REMINDER_DELAY_MS,
  paperPageUrl,
  reviewPageUrl,
  UPCOMING_REMINDER_LEAD_MS,
} from './due-reminders.js';

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
    const reviews = await this.sweep('review', (mail, reminder, to) =>
      mail.queue({
        template: MailTemplate.ReviewReminder,
        to,
        data: {
          title: reminder.title,
          reviewUrl: reviewPageUrl(this.config.http.publicUrl, reminder.subject_id),
          dueDate: journalDates(this.config.journal.dateStyle).day(new Date(reminder.due_at)),
          overdue: reminder.kind === DueReminderKind.Overdue,
        },
        dedupeKey: `review-reminder:${reminder.id}`,
      }),
    );
    const revisions = await this.sweep('revision-request', (mail, reminder, to) =>
      mail.queue({
        template: MailTemplate.RevisionReminder,
        to,
        data: {
          title: reminder.title,
          dueDate: journalDates(this.config.journal.dateStyle).day(new Date(reminder.due_at)),
          paperUrl: paperPageUrl(this.config.http.publicUrl, reminder.paper_id),
          overdue: reminder.kind === DueReminderKind.Overdue,
        },
        dedupeKey: `revision-reminder:${reminder.id}`,
      }),
    );
    return reviews + revisions;
  }

  /** One transaction per sweep of reviews or of revision requests: the reminders' rows and their e-mails commit together or not at all. */
  private async sweep(subject: ReminderSubjectKind, queue: (mail: MailOutbox, reminder: RecordedReminder, to: string) => void): Promise<number> {
    return this.notifications.inTransaction(
      async (tx: EntityManager, mail) => {
        const recorded = await tx.getRepository(DueReminder).recordDue(subject, {
          upcomingLeadMs: UPCOMING_REMINDER_LEAD_MS,
          overdueDelayMs: OVERDUE_REMINDER_DELAY_MS,
          limit: DUE_REMINDERS_BATCH_SIZE,
        });
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
