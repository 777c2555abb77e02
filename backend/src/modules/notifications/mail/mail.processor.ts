import { MikroORM } from '@mikro-orm/postgresql';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { MailerService } from '@nestjs-modules/mailer';
import { type Job, UnrecoverableError } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { OutboxMail } from '../outbox/outbox-mail.entity.js';
import { WriteBatch } from '../outbox/write-batch.js';
import { MAIL_QUEUE, type MailJobData, type MailJobResult } from './mail-job.js';
import { outgoingMail } from './mail-message.js';
import { mailBackoffStrategy, mailRetryDelayMs } from './mail-retry.js';
import { MailRenderError, MailRenderer } from './mail-renderer.js';
import { isMailTemplate, type MailTemplate, type MailTemplateData } from './mail-template.js';
import { messageIdDomain, outboxMessageId } from './message-id.js';

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

interface ClaimedRow {
  id: string;
  template: string;
  recipient: string;
  data: Record<string, unknown>;
  attempts: number;
}

/** What starting an attempt needs of its job. */
interface AttemptStart {
  id: string;
  started: number;
  failedReason: string | null;
}

/** Rows the batched statements write at most at once, and statements of each kind under way at once. */
const WRITE_BATCH = { maxSize: 200, maxRunning: 2 } as const;

/**
 * Sends one outbox row per job. The attempt is counted on the row before SMTP is called, so
 * a crash after sending still shows it; the row is marked sent as soon as SMTP accepts; every
 * send of a row carries the same Message-ID. A row already sent is never sent again.
 */
// Started by hand (`autorun: false`) so it takes its first job with the configured concurrency.
@Processor(MAIL_QUEUE, { autorun: false, ...MAIL_WORKER_LOCKS, settings: { backoffStrategy: mailBackoffStrategy } })
export class MailProcessor extends WorkerHost implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(MailProcessor.name);
  private readonly domain: string;
  // Many jobs run at once; their claims and their sent marks share statements.
  private readonly attempts = new WriteBatch<AttemptStart, ClaimedRow | undefined>((starts) => this.startAttempts(starts), WRITE_BATCH);
  private readonly sentMarks = new WriteBatch<{ id: string; sentAt: Date }, void>((sent) => this.markSent(sent), WRITE_BATCH);

  constructor(
    private readonly orm: MikroORM,
    private readonly mailer: MailerService,
    private readonly renderer: MailRenderer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
    this.domain = messageIdDomain(config.mail.from, config.http.publicUrl);
  }

  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.mail.workerConcurrency;
    this.worker.run().catch((error: unknown) => this.logger.error(`The mail worker stopped: ${describe(error)}`));
  }

  async process(job: Job<MailJobData, MailJobResult, MailTemplate>): Promise<MailJobResult> {
    let row: ClaimedRow | undefined;
    try {
      row = await this.attempts.run({
        id: job.data.outboxId,
        started: job.attemptsStarted,
        failedReason: job.failedReason ? job.failedReason.slice(0, 2000) : null,
      });
    } catch (error) {
      // Nothing can be written now; the next attempt that reaches the database counts this one
      // (from the job's started-attempts count) and records this error (the job's failedReason).
      this.logger.error(`E-mail ${job.data.outboxId} attempt ${job.attemptsStarted} failed: the database did not answer: ${describe(error)}`);
      throw error;
    }
    if (!row) {
      const existing = await this.orm.em.fork().findOne(OutboxMail, { id: job.data.outboxId });
      if (!existing) throw new UnrecoverableError(`Outbox row ${job.data.outboxId} does not exist`);
      this.logger.log(`E-mail ${existing.id} (${existing.template}) is already ${existing.status}; skipping job ${job.id}`);
      return { sentAt: null };
    }

    try {
      if (!isMailTemplate(row.template) || row.template !== job.name) {
        throw new MailRenderError(`Job ${job.name} does not match the outbox row's template ${row.template}`);
      }
      const rendered = this.renderer.render(row.template, row.data as unknown as MailTemplateData[MailTemplate]);
      await this.mailer.sendMail(outgoingMail(row.recipient, rendered, outboxMessageId(row.id, this.domain)));
    } catch (error) {
      await this.recordFailure(job, row, error);
      if (isPermanentSmtpError(error) && !(error instanceof UnrecoverableError)) throw new UnrecoverableError(describe(error));
      throw error;
    }

    const sentAt = new Date();
    try {
      await this.sentMarks.run({ id: row.id, sentAt });
      this.logger.log(`E-mail ${row.id} (${row.template}) sent`);
    } catch (error) {
      // Not a reason to send again: the completed job keeps `sentAt`, and the relay records it.
      this.logger.error(`E-mail ${row.id} was sent but the database did not record it: ${describe(error)}`);
    }
    return { sentAt: sentAt.toISOString() };
  }

  /**
   * Counts the attempt and marks the row queued in one statement, for a batch of jobs; a row
   * already sent gives nothing back. Attempts the database missed (it was down) are caught up from
   * BullMQ's count of started attempts. A failed row runs again only when an admin retries its job
   * from the queue board (the relay never dispatches failed rows, and no second job can share its id).
   */
  private async startAttempts(starts: AttemptStart[]): Promise<(ClaimedRow | undefined)[]> {
    const rows = await this.orm.em.getConnection().execute<ClaimedRow[]>(
      `update outbox_mails o
          set attempts = greatest(o.attempts + 1, s.started),
              last_attempt_at = now(),
              next_attempt_at = now(),
              status = 'queued',
              queued_at = coalesce(o.queued_at, now()),
              last_error = coalesce(s.failed_reason, o.last_error)
         from jsonb_to_recordset(?::jsonb) as s(id uuid, started int, failed_reason text)
        where o.id = s.id and o.status in ('pending', 'queued', 'failed')
        returning o.id, o.template, o.recipient, o.data, o.attempts`,
      [JSON.stringify(starts.map(({ id, started, failedReason }) => ({ id, started, failed_reason: failedReason })))],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return starts.map((start) => byId.get(start.id));
  }

  /** The data holds live links (confirmation, reset); once delivered they need not stay in the database. */
  private async markSent(sent: { id: string; sentAt: Date }[]): Promise<void[]> {
    await this.orm.em.getConnection().execute(
      `update outbox_mails o
          set status = 'sent', sent_at = s.sent_at, next_attempt_at = null, last_error = null, data = '{}'
         from jsonb_to_recordset(?::jsonb) as s(id uuid, sent_at timestamptz)
        where o.id = s.id`,
      [JSON.stringify(sent.map(({ id, sentAt }) => ({ id, sent_at: sentAt.toISOString() })))],
    );
    return sent.map(() => undefined);
  }

  private async recordFailure(job: Job<MailJobData, MailJobResult, MailTemplate>, row: ClaimedRow, error: unknown): Promise<void> {
    const permanent = isPermanentSmtpError(error);
    const last = permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const nextAttemptAt = last ? null : new Date(Date.now() + mailRetryDelayMs(job.attemptsMade + 1));
    try {
      await this.orm.em
        .fork()
        .nativeUpdate(
          OutboxMail,
          { id: row.id, status: { $in: ['pending', 'queued'] } },
          { lastError: describe(error).slice(0, 2000), nextAttemptAt, ...(last ? { status: 'failed' as const } : {}) },
        );
    } catch (dbError) {
      this.logger.error(`E-mail ${row.id}: could not record the failure of attempt ${row.attempts}: ${describe(dbError)}`);
    }
    this.logger.warn(`E-mail ${row.id} (${row.template}) attempt ${row.attempts} failed${last ? ' for good' : ''}: ${describe(error)}`);
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
