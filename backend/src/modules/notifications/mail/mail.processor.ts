import { MikroORM } from '@mikro-orm/postgresql';
import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { MailerService } from '@nestjs-modules/mailer';
import { type Job, UnrecoverableError } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { OutboxMail } from '../entities/outbox-mail.entity.js';
import type { ClaimedOutboxMail, OutboxAttemptStart, OutboxMailRepository } from '../entities/outbox-mail.repository.js';
import { WriteBatch } from '../outbox/write-batch.js';
import { MailBatchOwners } from './mail-batch-owners.js';
import {
  type AnyMailJobData,
  type AnyMailJobResult,
  attemptsBefore,
  isMailBatch,
  MAIL_QUEUE,
  type MailBatchFailure,
  type MailBatchJobData,
  type MailBatchJobResult,
  type MailJobData,
  type MailJobResult,
  type MailQueue,
  toMailJobAfterBatch,
} from './mail-job.js';
import { outgoingMail } from './mail-message.js';
import { mailBackoffStrategy, mailRetryDelayMs } from './mail-retry.js';
import { MailRenderError, MailRenderer } from './mail-renderer.js';
import { isMailTemplate, type MailTemplate, type MailTemplateData } from './mail-template.js';
import { messageIdDomain, outboxMessageId } from './message-id.js';
import { SendSlots } from './send-slots.js';

/** SMTP 5xx answers (unknown mailbox, rejected content) are final; 4xx and network errors are not. */
export function isPermanentSmtpError(error: unknown): boolean {
  if (error instanceof MailRenderError) return true;
  const responseCode = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A killed worker's jobs come back after its lock lapses and the next stalled check runs:
 * within about 25 s with these values (BullMQ's defaults of 30 s + 30 s made it a minute or
 * more). A live worker renews its lock every 7.5 s, well inside even a slow SMTP send.
 */
export const MAIL_WORKER_LOCKS = { lockDuration: 15_000, stalledInterval: 10_000, maxStalledCount: 3 } as const;

/** What became of one row of a batch. */
type BatchRowOutcome =
  | { row: string; sentAt: Date; recorded: boolean }
  | { row: string; sentAt?: undefined; done: 'skipped' | 'handed-on' };

/** Rows the batched statements write at most at once, and statements of each kind under way at once. */
const WRITE_BATCH = { maxSize: 200, maxRunning: 2 } as const;

type SingleJob = Job<MailJobData, MailJobResult, MailTemplate>;
type BatchJob = Job<MailBatchJobData, MailBatchJobResult, MailTemplate>;

/**
 * Sends the outbox rows of a job: one, or a batch of them. The attempt is counted on the row before
 * SMTP is called, so a crash after sending still shows it; the row is marked sent as soon as SMTP
 * accepts; every send of a row carries the same Message-ID. A row already sent is never sent
 * again. A batch sends only the rows it owns (`MailBatchOwners`); a row that fails in it is handed
 * to a job of its own, which retries it as a single e-mail's job would, so neither the rows already
 * sent nor the batch's other rows go out again for it.
 */
// Started by hand (`autorun: false`) so it takes its first job with the configured concurrency.
@Processor(MAIL_QUEUE, { autorun: false, ...MAIL_WORKER_LOCKS, settings: { backoffStrategy: mailBackoffStrategy } })
export class MailProcessor extends WorkerHost implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MailProcessor.name);
  private readonly domain: string;
  private readonly owners: MailBatchOwners;
  // E-mails in flight, whichever jobs they belong to; a batch's rows wait here for their turn.
  private readonly slots: SendSlots;
  // Many single jobs run at once; their claims share statements, and every job's sent marks do.
  private readonly attempts = new WriteBatch<OutboxAttemptStart, ClaimedOutboxMail | undefined>((starts) => this.startAttempts(starts), WRITE_BATCH);
  private readonly sentMarks = new WriteBatch<{ id: string; sentAt: Date }, void>((sent) => this.markSent(sent), WRITE_BATCH);

  constructor(
    private readonly orm: MikroORM,
    private readonly mailer: MailerService,
    private readonly renderer: MailRenderer,
    @InjectQueue(MAIL_QUEUE) private readonly queue: MailQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
    this.domain = messageIdDomain(config.mail.from, config.http.publicUrl);
    this.owners = new MailBatchOwners(queue);
    this.slots = new SendSlots(config.mail.workerConcurrency);
  }

  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.mail.workerConcurrency;
    this.worker.run().catch((error: unknown) => this.logger.error(`The mail worker stopped: ${describe(error)}`));
  }

  process(job: Job<AnyMailJobData, AnyMailJobResult, MailTemplate>): Promise<AnyMailJobResult> {
    return isMailBatch(job.data) ? this.sendBatch(job as BatchJob) : this.sendOne(job as SingleJob);
  }

  private async sendOne(job: SingleJob): Promise<MailJobResult> {
    const id = job.data.outboxId;
    // Mostly null (a row that never was in a batch); else a batch that owns it sends it, not this job.
    const recorded = await this.owners.recordedOwner(id);
    if (recorded !== null && recorded !== job.id) {
      this.logger.log(`E-mail ${id} is batch ${recorded}'s to send; skipping job ${job.id}`);
      return { sentAt: null };
    }
    const handedOn = job.data.afterBatch;
    // Given up in its batch: this job fails as the e-mail's own job would have, so Bull Board
    // lists it with the error; retried from there (attemptsMade is then 1), it sends.
    if (handedOn?.final && job.attemptsMade === 0) throw new UnrecoverableError(handedOn.error);
    const before = attemptsBefore(job.data);
    const result = await this.slots.run(async (): Promise<{ sentAt: Date | null; settled: boolean }> => {
      let row: ClaimedOutboxMail | undefined;
      try {
        row = await this.attempts.run({
          id,
          started: job.attemptsStarted + before,
          failedReason: (job.failedReason ?? handedOn?.error)?.slice(0, 2000) ?? null,
          retryFailed: true,
        });
      } catch (error) {
        // Nothing can be written now; the next attempt that reaches the database counts this one
        // (from the job's started-attempts count) and records this error (the job's failedReason).
        this.logger.error(`E-mail ${id} attempt ${job.attemptsStarted + before} failed: the database did not answer: ${describe(error)}`);
        throw error;
      }
      if (!row) {
        const existing = await this.outbox().findOne({ id });
        if (!existing) throw new UnrecoverableError(`Outbox row ${id} does not exist`);
        this.logger.log(`E-mail ${existing.id} (${existing.template}) is already ${existing.status}; skipping job ${job.id}`);
        return { sentAt: null, settled: true };
      }

      const failure = await this.send(row, job.name);
      if (failure) {
        const permanent = isPermanentSmtpError(failure);
        const failures = job.attemptsMade + 1 + before;
        await this.recordFailure(row, failure, { failures, last: permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1) });
        if (permanent && !(failure instanceof UnrecoverableError)) throw new UnrecoverableError(describe(failure));
        throw failure;
      }
      const sentAt = new Date();
      return { sentAt, settled: await this.recordSent(row, sentAt) };
    });
    // The entry the relay or a batch left for this job is no longer needed (kept if the send went unrecorded).
    if (recorded !== null && result.settled) await this.forget([id], `job ${job.id}`);
    return { sentAt: result.sentAt?.toISOString() ?? null };
  }

  /**
   * Sends the rows the batch owns, each in a slot of its own, after one statement has started the
   * attempts of them all (a statement per row or per few rows cost PostgreSQL more than the rows
   * themselves). The price: a worker killed mid-batch leaves an attempt counted on rows it had not
   * reached yet; they still go out once, when the batch runs again. Rows recorded sent or found
   * done are released from the batch at the end; a row sent but not recorded stays the batch's,
   * so the relay finds its send in this job's result instead of sending it again.
   */
  private async sendBatch(job: BatchJob): Promise<MailBatchJobResult> {
    const jobId = job.id ?? '';
    const owned = await this.owners.ownedBy(jobId, job.data.outboxIds);
    // A batch runs its rows once (a retry is the row's own job's business), so `started` adds nothing.
    const claims = await this.startAttemptsOrEach(owned.map((id) => ({ id, started: 0, failedReason: null, retryFailed: false })));
    const outcomes = await Promise.all(
      owned.map(async (id, index): Promise<BatchRowOutcome> => {
        const claim = claims[index];
        if (claim instanceof Error) {
          const message = `the database did not answer: ${describe(claim)}`;
          this.logger.error(`E-mail ${id} in batch ${jobId} failed: ${message}`);
          await this.handOn({ id, template: job.name }, { error: message, final: false });
          return { row: id, done: 'handed-on' };
        }
        if (!claim) {
          this.logger.log(`E-mail ${id} of batch ${jobId} is already done or gone; skipping it`);
          return { row: id, done: 'skipped' };
        }
        return this.slots.run(() => this.sendBatchRow(job, claim));
      }),
    );
    const sentAtById: Record<string, string> = {};
    const settled: string[] = [];
    for (const outcome of outcomes) {
      if (outcome.sentAt) sentAtById[outcome.row] = outcome.sentAt.toISOString();
      if (!outcome.sentAt ? outcome.done === 'skipped' : outcome.recorded) settled.push(outcome.row);
    }
    await this.forget(settled, `batch ${jobId}`);
    return { sentAtById };
  }

  /** `startAttempts` in one statement; if it fails, row by row, so that one bad row fails only itself. */
  private async startAttemptsOrEach(starts: OutboxAttemptStart[]): Promise<(ClaimedOutboxMail | undefined | Error)[]> {
    try {
      return await this.startAttempts(starts);
    } catch {
      return Promise.all(
        starts.map((start) =>
          this.startAttempts([start]).then(
            ([row]) => row,
            (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
          ),
        ),
      );
    }
  }

  /** Drops the owner entries of settled rows; if Redis refuses, they stay, harmless: the relay never looks at a settled row. */
  private async forget(outboxIds: string[], by: string): Promise<void> {
    try {
      await this.owners.release(outboxIds);
    } catch (error) {
      this.logger.warn(`${by}: could not forget the owner of ${outboxIds.length} settled e-mail(s): ${describe(error)}`);
    }
  }

  private async sendBatchRow(job: BatchJob, row: ClaimedOutboxMail): Promise<BatchRowOutcome> {
    const template = job.name;
    const id = row.id;
    const failure = await this.send(row, template);
    if (failure) {
      const final = isPermanentSmtpError(failure);
      await this.recordFailure(row, failure, { failures: 1, last: final });
      await this.handOn({ id, template }, { error: describe(failure).slice(0, 2000), final });
      return { row: id, done: 'handed-on' };
    }
    const sentAt = new Date();
    return { row: id, sentAt, recorded: await this.recordSent(row, sentAt) };
  }

  /** Renders and sends the row; returns the error instead of throwing, as single and batch jobs handle it differently. */
  private async send(row: ClaimedOutboxMail, jobName: MailTemplate): Promise<Error | undefined> {
    try {
      if (!isMailTemplate(row.template) || row.template !== jobName) {
        throw new MailRenderError(`Job ${jobName} does not match the outbox row's template ${row.template}`);
      }
      const rendered = this.renderer.render(row.template, row.data as unknown as MailTemplateData[MailTemplate]);
      await this.mailer.sendMail(outgoingMail(row.recipient, rendered, outboxMessageId(row.id, this.domain)));
      return undefined;
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }

  /** Says whether the database recorded the send. */
  private async recordSent(row: ClaimedOutboxMail, sentAt: Date): Promise<boolean> {
    try {
      await this.sentMarks.run({ id: row.id, sentAt });
      this.logger.log(`E-mail ${row.id} (${row.template}) sent`);
      return true;
    } catch (error) {
      // Not a reason to send again: the completed job keeps `sentAt`, and the relay records it.
      this.logger.error(`E-mail ${row.id} was sent but the database did not record it: ${describe(error)}`);
      return false;
    }
  }

  /**
   * Gives a row that failed in its batch a job of its own (job id = row id), the batch handing the
   * row over first: were the job added while the batch still owned the row, it would skip it. If
   * Redis refuses either step the row is still unsent and due, so the relay dispatches it later.
   */
  private async handOn(row: { id: string; template: MailTemplate }, failure: MailBatchFailure): Promise<void> {
    try {
      await this.owners.handOver(row.id);
      const job = toMailJobAfterBatch(row, failure);
      await this.queue.add(job.name, job.data, job.opts);
    } catch (error) {
      this.logger.error(`E-mail ${row.id} failed in its batch and could not get a job of its own; the relay will dispatch it: ${describe(error)}`);
    }
  }

  /**
   * Counts the attempt and marks the row queued in one statement, for a batch of jobs; a row
   * already sent gives nothing back. Attempts the database missed (it was down) are caught up from
   * BullMQ's count of started attempts. A failed row runs again only when an admin retries its job
   * from the queue board (the relay never dispatches failed rows, no second job can share its id,
   * and a batch never claims one).
   */
  private startAttempts(starts: OutboxAttemptStart[]): Promise<(ClaimedOutboxMail | undefined)[]> {
    return this.outbox().startAttempts(starts);
  }

  /** The data holds live links (confirmation, reset); once delivered they need not stay in the database. */
  private async markSent(sent: { id: string; sentAt: Date }[]): Promise<void[]> {
    await this.outbox().markSent(sent);
    return sent.map(() => undefined);
  }

  /** `failures`: this row's failed attempts with this one; `last`: no attempt follows. */
  private async recordFailure(row: ClaimedOutboxMail, error: unknown, attempt: { failures: number; last: boolean }): Promise<void> {
    const nextAttemptAt = attempt.last ? null : new Date(Date.now() + mailRetryDelayMs(attempt.failures));
    try {
      await this.outbox().recordFailure(row.id, describe(error).slice(0, 2000), nextAttemptAt);
    } catch (dbError) {
      this.logger.error(`E-mail ${row.id}: could not record the failure of attempt ${row.attempts}: ${describe(dbError)}`);
    }
    this.logger.warn(`E-mail ${row.id} (${row.template}) attempt ${row.attempts} failed${attempt.last ? ' for good' : ''}: ${describe(error)}`);
  }

  /** Outside any transaction or request context, as each write here stands alone. */
  private outbox(): OutboxMailRepository {
    return this.orm.em.fork().getRepository(OutboxMail);
  }

  /**
   * Stop taking jobs and let the current ones finish, before the mailer closes its SMTP pool
   * (its `onModuleDestroy`, which Nest runs after this module's) and before the database and
   * Redis close: a closed pool fails every message still waiting for a connection.
   */
  async onModuleDestroy(): Promise<void> {
    this.logger.log('Stopping: no new e-mail jobs, waiting for the running ones');
    await this.worker.close();
  }
}
