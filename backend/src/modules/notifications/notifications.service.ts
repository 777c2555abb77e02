import type { EntityManager } from '@mikro-orm/core';
import { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { MAIL_QUEUE, type MailQueue, toMailJob } from './mail/mail-job.js';
import type { MailTemplate, MailTemplateData } from './mail/mail-template.js';
import { OutboxMail } from './outbox/outbox-mail.entity.js';

/** A request must not hang on Redis: past this, the relay will send the e-mail instead. */
const DISPATCH_TIMEOUT_MS = 3000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface QueueMailInput<T extends MailTemplate> {
  template: T;
  to: string;
  data: MailTemplateData[T];
  /** Unique per e-mail (e.g. `confirm-email:<token id>`); a second row with the same key is refused. */
  dedupeKey: string;
}

/**
 * Every e-mail starts here. A request records the e-mail in its own transaction (`queueMail`),
 * then, after the commit, hands it to BullMQ (`dispatch`). The worker renders and sends it; its
 * relay re-dispatches whatever a request could not (Redis down, process killed in between).
 */
@Injectable()
export class NotificationsService {
  private readonly logger = new Logger(NotificationsService.name);

  constructor(
    @InjectQueue(MAIL_QUEUE) private readonly queue: MailQueue,
    private readonly em: SqlEntityManager,
  ) {}

  /** Records the e-mail in the caller's unit of work; nothing is sent until the caller commits and dispatches. */
  queueMail<T extends MailTemplate>(em: EntityManager, mail: QueueMailInput<T>): OutboxMail {
    const row = em.create(OutboxMail, {
      template: mail.template,
      recipient: mail.to,
      data: { ...mail.data },
      dedupeKey: mail.dedupeKey,
    });
    em.persist(row);
    return row;
  }

  /**
   * Adds one job per committed outbox row (job id = row id, so doing it twice is harmless) and
   * marks the rows queued. Never throws: on failure the rows stay pending for the relay.
   */
  async dispatch(mails: OutboxMail[]): Promise<boolean> {
    if (mails.length === 0) return true;
    const ids = mails.map((mail) => mail.id);
    try {
      await withTimeout(this.queue.addBulk(mails.map((mail) => toMailJob(mail))), DISPATCH_TIMEOUT_MS);
    } catch (error) {
      this.logger.warn(`Could not queue ${ids.length} e-mail(s), the relay will retry: ${describe(error)}`);
      return false;
    }
    try {
      // Only pending rows: the worker may already have sent the e-mail.
      await this.em.fork().nativeUpdate(OutboxMail, { id: { $in: ids }, status: 'pending' }, { status: 'queued', queuedAt: new Date() });
    } catch (error) {
      this.logger.warn(`Queued ${ids.length} e-mail(s) but could not mark them queued: ${describe(error)}`);
      return false;
    }
    return true;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
