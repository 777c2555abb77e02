import { randomUUID } from 'node:crypto';
import type { JobsOptions, Queue } from 'bullmq';
import { MAIL_BACKOFF_TYPE, MAIL_RETRY, mailRetryDelayMs } from './mail-retry.js';
import { MailTemplate } from './mail-template.js';

export const MAIL_QUEUE = 'mail';

/**
 * One e-mail: the job carries only the outbox row's id, as the row (in PostgreSQL) is the source
 * of truth, and the job id is the row id.
 */
export interface MailJobData {
  outboxId: string;
  /**
   * Set when the e-mail's first attempt was made in a batch job and failed there: this job of its
   * own carries on from that attempt with the retry rules of a single e-mail.
   */
  afterBatch?: MailBatchFailure;
  outboxIds?: never;
}

/** How an e-mail's attempt in a batch ended; `final` when it is not worth another try (SMTP 5xx). */
export interface MailBatchFailure {
  error: string;
  final: boolean;
}

/**
 * Several e-mails of one template committed together (`MAIL_BATCH_SIZE` at most): one job sends
 * them all, so BullMQ's work per job is shared by the batch. A row is sent by the batch only while
 * the batch owns it (`MailBatchOwners`); a row that fails leaves the batch for a job of its own.
 */
export interface MailBatchJobData {
  outboxIds: string[];
  outboxId?: never;
}

export type AnyMailJobData = MailJobData | MailBatchJobData;

/**
 * What a finished job says: when SMTP accepted the message, or null if the job found the row
 * already done. Kept with the completed job, so the relay can record a send whose database
 * write failed instead of sending again.
 */
export interface MailJobResult {
  sentAt: string | null;
  sentAtById?: never;
}

/** The same for a batch: when SMTP accepted each row it sent (rows it skipped or handed on are absent). */
export interface MailBatchJobResult {
  sentAtById: Record<string, string>;
  sentAt?: never;
}

export type AnyMailJobResult = MailJobResult | MailBatchJobResult;

/** The `mail` queue as BullMQ types it: job names are templates. */
export type MailQueue = Queue<AnyMailJobData, AnyMailJobResult, MailTemplate>;

/** One job per template, named after it (immich style: the payload type is keyed by the name). */
export type MailJob = { [T in MailTemplate]: { name: T; data: AnyMailJobData } }[MailTemplate];

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
 * The job id of a single e-mail is the outbox row's id, so adding the same row twice (a retried
 * request, the relay racing the request) is a no-op in BullMQ.
 */
export function mailJobId(outboxId: string): string {
  return outboxId;
}

export function isMailBatch(data: AnyMailJobData): data is MailBatchJobData {
  return Array.isArray(data.outboxIds);
}

/** When SMTP accepted `outboxId`, according to a finished job's return value (single or batch). */
export function sentAtIn(result: AnyMailJobResult | null | undefined, outboxId: string): string | undefined {
  if (!result) return undefined;
  return (result.sentAtById ? result.sentAtById[outboxId] : result.sentAt) ?? undefined;
}

export function toMailJob(mail: { id: string; template: MailTemplate }): MailJob & { opts: { jobId: string } } {
  return { name: mail.template, data: { outboxId: mail.id }, opts: { jobId: mailJobId(mail.id) } };
}

/**
 * A batch's job id is its own (not a row's): which rows it may send is decided by ownership, and
 * a fresh id can never collide with a finished job that would make the add a no-op.
 */
export function toMailBatchJob(
  template: MailTemplate,
  outboxIds: string[],
  batchId: string = randomUUID(),
): { name: MailTemplate; data: MailBatchJobData; opts: { jobId: string } } {
  return { name: template, data: { outboxIds }, opts: { jobId: `batch-${batchId}` } };
}

/**
 * The job of its own of an e-mail that failed in a batch: its first run waits as the first retry
 * of a single e-mail would, and it has the attempts that one would have left. An e-mail given up
 * on runs at once, only to fail (see `MailProcessor`), so Bull Board lists it and can retry it.
 */
export function toMailJobAfterBatch(mail: { id: string; template: MailTemplate }, failure: MailBatchFailure): MailJob & { opts: JobsOptions & { jobId: string } } {
  return {
    name: mail.template,
    data: { outboxId: mail.id, afterBatch: failure },
    opts: { jobId: mailJobId(mail.id), attempts: MAIL_RETRY.attempts - 1, delay: failure.final ? 0 : mailRetryDelayMs(1) },
  };
}

/**
 * Attempts of the e-mail that its job's own counts miss: the one it failed in its batch. Not for
 * an e-mail given up there, whose job's first run (failing at once) stands in for that attempt.
 */
export function attemptsBefore(data: MailJobData): number {
  return data.afterBatch && !data.afterBatch.final ? 1 : 0;
}
