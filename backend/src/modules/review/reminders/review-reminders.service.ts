import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { AccessService } from '../../../common/access/access.service.js';
import { Permission } from '../../../common/access/permission.js';
import { journalDates } from '../../../common/web-shared/journal-dates.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { lockForTransition } from '../../../database/lock-for-transition.js';
import type { AuthUser } from '../../auth/auth-user.js';
import { MailTemplate } from '../../notifications/mail/mail-template.js';
import { NotificationsService } from '../../notifications/notifications.service.js';
import { ManuscriptsService } from '../../manuscripts/manuscripts.service.js';
import { UsersService } from '../../users/users.service.js';
import type { ReminderSentDto } from '../dtos/review.dto.js';
import { PaperReview } from '../entities/paper-review.entity.js';
import { ReviewException } from '../review.exception.js';
import { DueReminder, DueReminderKind } from '../entities/due-reminder.entity.js';
import { MANUAL_REMINDER_SPACING_MS, reviewPageUrl } from './due-reminders.js';

/** An editor's reminder to a reviewer, beside the automatic ones (DueRemindersService). */
@Injectable()
export class ReviewRemindersService {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly access: AccessService,
    private readonly notifications: NotificationsService,
    private readonly papers: ManuscriptsService,
    private readonly users: UsersService,
  ) {}

  /**
   * E-mails the reviewer of a review still to come a reminder of its due date, at most once a day
   * whoever sends it. The review row is locked while the last reminder is read and the new one
   * recorded with its e-mail, so two editors clicking at once send one: the second waits, then
   * sees the first's reminder and gets 409.
   */
  async send(admin: AuthUser, id: string): Promise<ReminderSentDto> {
    await this.access.requireAccess(admin, Permission.ReviewRemind, [id]);
    // Before the transaction: a second pool connection wanted while one is held can deadlock the pool.
    const found = await this.em.findOne(PaperReview, { id });
    if (!found) throw new ReviewException('notFound');
    const title = (await this.papers.summariesOf([found.paperId])).get(found.paperId)?.title ?? '';
    const email = (await this.users.emailsOf([found.reviewerId])).get(found.reviewerId);
    if (!email) throw new ReviewException('notFound');
    return this.notifications.inTransaction(async (tx, mail) => {
      const review = await lockForTransition(tx, PaperReview, { id }, {
        missing: () => new ReviewException('notFound'),
        check: (locked) => {
          // The table keeps submitted_at and declined_at set exactly in those states.
          if (locked.submittedAt) throw new ReviewException('submitted', 'This review has been submitted, so there is nothing to remind the reviewer of.');
          if (locked.declinedAt) throw new ReviewException('declined', 'The reviewer declined this assignment, so there is nothing to remind them of.');
        },
      });
      const now = new Date();
      const last = await tx.findOne(DueReminder, { reviewId: id, kind: DueReminderKind.Manual }, { orderBy: { sentAt: 'desc' } });
      if (last && now.getTime() - last.sentAt.getTime() < MANUAL_REMINDER_SPACING_MS) {
        const next = new Date(last.sentAt.getTime() + MANUAL_REMINDER_SPACING_MS);
        throw new ReviewException('reminderTooSoon', `The reviewer was reminded less than a day ago. The next reminder can be sent after ${journalDates(this.config.journal.dateStyle).moment(next)}.`);
      }
      const reminder = tx.create(DueReminder, { reviewId: id, revisionRequestId: null, kind: DueReminderKind.Manual, dueAt: review.dueAt, sentAt: now, sentBy: admin.id });
      mail.queue({
        template: MailTemplate.ReviewReminder,
        to: email,
        data: {
          title,
          reviewUrl: reviewPageUrl(this.config.http.publicUrl, id),
          dueDate: journalDates(this.config.journal.dateStyle).day(review.dueAt),
          overdue: review.dueAt.getTime() < now.getTime(),
        },
        dedupeKey: `review-reminder:${reminder.id}`,
      });
      await tx.flush();
      return { sentAt: now.toISOString() };
    });
  }
}
