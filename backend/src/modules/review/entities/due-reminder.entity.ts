import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { DueReminderRepository } from './due-reminder.repository.js';

export enum DueReminderKind {
  /** Sent by the worker's sweep before the due date. */
  Upcoming = 'upcoming',
  /** Sent by the worker's sweep after the due date. */
  Overdue = 'overdue',
  /** Sent by an editor (POST /api/admin/reviews/:id/reminders). */
  Manual = 'manual',
}

/**
 * One reminder e-mail about a due date (migration 20261129003000): to a review's reviewer
 * (`reviewId`) or to the author of a paper with an open revision request (`revisionRequestId`).
 * The automatic kinds are unique per subject and `dueAt`, which is how they are sent only once.
 */
const DueReminderSchema = defineEntity({
  name: 'DueReminder',
  tableName: 'due_reminders',
  repository: () => DueReminderRepository,
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    reviewId: p.uuid().nullable(),
    revisionRequestId: p.uuid().nullable(),
    kind: p.enum(() => DueReminderKind),
    /** The due date the reminder was about: a moved date earns reminders of its own. */
    dueAt: p.datetime(),
    sentAt: p.datetime().onCreate(() => new Date()),
    /** The editor who sent a manual reminder. */
    sentBy: p.uuid().nullable(),
  },
});

export class DueReminder extends DueReminderSchema.class {}
DueReminderSchema.setClass(DueReminder);
export { DueReminderSchema };
