import type { JobsOptions, Queue } from 'bullmq';
import { MAIL_BACKOFF_TYPE, MAIL_RETRY } from './mail-retry.js';
import { MailTemplate } from './mail-template.js';

export const MAIL_QUEUE = 'mail';

/** A job carries only the outbox row's id: the row (in PostgreSQL) is the source of truth. */
export interface MailJobData {
  outboxId: string;
}

/**
 * What a finished job says: when SMTP accepted the message, or null if the job found the row
 * already done. Kept with the completed job, so the relay can record a send whose database
 * write failed instead of sending again.
 */
export interface MailJobResult {
  sentAt: string | null;
}

/** The `mail` queue as BullMQ types it: job names are templates. */
export type MailQueue = Queue<MailJobData, MailJobResult, MailTemplate>;

/** One job per template, named after it (immich style: the payload type is keyed by the name). */
export type MailJob = { [T in MailTemplate]: { name: T; data: MailJobData } }[MailTemplate];

/**
 * Retries for more than a day on the capped schedule of `mail-retry.ts` (the worker supplies
 * the strategy); failed jobs stay in Redis so Bull Board shows them.
 */
export const MAIL_JOB_OPTIONS = {
  attempts: MAIL_RETRY.attempts,
  backoff: { type: MAIL_BACKOFF_TYPE },
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
