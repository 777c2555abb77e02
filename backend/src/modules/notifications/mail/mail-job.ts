import type { JobsOptions, Queue } from 'bullmq';
import { MailTemplate } from './mail-template.js';

export const MAIL_QUEUE = 'mail';

/** A job carries only the outbox row's id: the row (in PostgreSQL) is the source of truth. */
export interface MailJobData {
  outboxId: string;
}

/** The `mail` queue as BullMQ types it: job names are templates. */
export type MailQueue = Queue<MailJobData, void, MailTemplate>;

/** One job per template, named after it (immich style: the payload type is keyed by the name). */
export type MailJob = { [T in MailTemplate]: { name: T; data: MailJobData } }[MailTemplate];

/** Retries with exponential backoff; failed jobs stay in Redis so Bull Board shows them. */
export const MAIL_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 10_000 },
  removeOnComplete: { age: 24 * 60 * 60, count: 1000 },
  removeOnFail: false,
} as const satisfies JobsOptions;

/**
 * The job id is the outbox row's id, so adding the same row twice (a retried request, the
 * relay racing the request) is a no-op in BullMQ.
 */
export function mailJobId(outboxId: string): string {
  return outboxId;
}

export function toMailJob(mail: { id: string; template: MailTemplate }): MailJob & { opts: { jobId: string } } {
  return { name: mail.template, data: { outboxId: mail.id }, opts: { jobId: mailJobId(mail.id) } };
}
