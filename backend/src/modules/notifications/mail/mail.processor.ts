import { MikroORM } from '@mikro-orm/postgresql';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Logger } from '@nestjs/common';
import { MailerService } from '@nestjs-modules/mailer';
import { type Job, UnrecoverableError } from 'bullmq';
import { OutboxMail } from '../outbox/outbox-mail.entity.js';
import { MAIL_QUEUE, type MailJobData } from './mail-job.js';
import { MailRenderError, MailRenderer } from './mail-renderer.js';
import { isMailTemplate, type MailTemplate, type MailTemplateData } from './mail-template.js';

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
 * Sends one outbox row per job: loads it, renders both parts, hands them to SMTP and records
 * the outcome on the row. A row already sent is never sent again, whichever way its job came.
 */
@Processor(MAIL_QUEUE, { concurrency: 5 })
export class MailProcessor extends WorkerHost implements BeforeApplicationShutdown {
  private readonly logger = new Logger(MailProcessor.name);

  constructor(
    private readonly orm: MikroORM,
    private readonly mailer: MailerService,
    private readonly renderer: MailRenderer,
  ) {
    super();
  }

  async process(job: Job<MailJobData, void, MailTemplate>): Promise<void> {
    const em = this.orm.em.fork();
    const row = await em.findOne(OutboxMail, { id: job.data.outboxId });
    if (!row) throw new UnrecoverableError(`Outbox row ${job.data.outboxId} does not exist`);
    if (row.status === 'sent') {
      this.logger.log(`E-mail ${row.id} (${row.template}) was already sent; skipping job ${job.id}`);
      return;
    }
    const attempt = row.attempts + 1;
    try {
      if (!isMailTemplate(row.template) || row.template !== job.name) {
        throw new MailRenderError(`Job ${job.name} does not match the outbox row's template ${row.template}`);
      }
      const { subject, html, text } = this.renderer.render(row.template, row.data as unknown as MailTemplateData[MailTemplate]);
      await this.mailer.sendMail({ to: row.recipient, subject, html, text });
    } catch (error) {
      const permanent = isPermanentSmtpError(error);
      const last = permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await em.nativeUpdate(
        OutboxMail,
        { id: row.id, status: { $ne: 'sent' } },
        { attempts: attempt, lastError: describe(error).slice(0, 2000), ...(last ? { status: 'failed' as const } : {}) },
      );
      this.logger.warn(`E-mail ${row.id} (${row.template}) attempt ${attempt} failed${last ? ' for good' : ''}: ${describe(error)}`);
      if (permanent && !(error instanceof UnrecoverableError)) throw new UnrecoverableError(describe(error));
      throw error;
    }
    // The data holds live links (confirmation, reset); once delivered they need not stay in the database.
    await em.nativeUpdate(OutboxMail, { id: row.id }, { status: 'sent', sentAt: new Date(), attempts: attempt, lastError: null, data: {} });
    this.logger.log(`E-mail ${row.id} (${row.template}) sent`);
  }

  /** Runs before the database and Redis close: stop taking jobs and let the current ones finish. */
  async beforeApplicationShutdown(): Promise<void> {
    this.logger.log('Stopping: no new e-mail jobs, waiting for the running ones');
    await this.worker.close();
  }
}
