import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import type { MailTemplate } from '../mail/mail-template.js';
import { OutboxMailRepository } from './outbox-mail.repository.js';

export const OUTBOX_STATUSES = ['pending', 'queued', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * An e-mail recorded in the same transaction as the change that caused it (transactional
 * outbox). `pending` until a job exists for it, `queued` once BullMQ has it, then `sent` or
 * `failed` (after the last attempt); the UI can say honestly whether a notification went out.
 * `nextAttemptAt` is when the next send is due (null once sent or failed): the relay dispatches
 * again any row still unsent a while after that, whatever became of its job.
 */
const OutboxMailSchema = defineEntity({
  name: 'OutboxMail',
  tableName: 'outbox_mails',
  repository: () => OutboxMailRepository,
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    template: p.text().$type<MailTemplate>(),
    recipient: p.text(),
    data: p.json<Record<string, unknown>>(),
    dedupeKey: p.text().unique(),
    status: p.enum(OUTBOX_STATUSES).default('pending'),
    /** Every attempt, counted before the SMTP call. */
    attempts: p.integer().default(0),
    lastError: p.text().nullable(),
    lastAttemptAt: p.datetime().nullable(),
    nextAttemptAt: p.datetime().nullable().onCreate(() => new Date()),
    createdAt: p.datetime().onCreate(() => new Date()),
    queuedAt: p.datetime().nullable(),
    sentAt: p.datetime().nullable(),
  },
});

export class OutboxMail extends OutboxMailSchema.class {}
OutboxMailSchema.setClass(OutboxMail);

export { OutboxMailSchema };
