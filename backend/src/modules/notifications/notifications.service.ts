import { EntityManager } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { MailBatchOwners } from './mail/mail-batch-owners.js';
import { MAIL_QUEUE, type MailQueue, toMailBatchJob, toMailJob } from './mail/mail-job.js';
import type { MailTemplate, MailTemplateData } from './mail/mail-template.js';
import { OutboxMail } from './entities/outbox-mail.entity.js';
import { describeError as describe, withTimeout } from './outbox/with-timeout.js';

/** A request must not hang on Redis: past this, the relay will send the e-mail instead. */
const DISPATCH_TIMEOUT_MS = 3000;

export interface QueueMailInput<T extends MailTemplate> {
  template: T;
  to: string;
  data: MailTemplateData[T];
  /** Unique per e-mail (e.g. `confirm-email:<token id>`); a second row with the same key is refused. */
  dedupeKey: string;
  /** Later than now: the e-mail waits until then (a delayed job), e.g. a digest sent when its window closes. */
  dueAt?: Date;
}

/** What editors are told of an e-mail: waiting to go out, accepted by the mail server, or given up on. */
export type MailDelivery = 'queued' | 'sent' | 'failed';

/** An e-mail recorded in the outbox: what `dispatch` needs to hand it to the queue (a future `nextAttemptAt` delays its job). */
export type QueuedMail = Pick<OutboxMail, 'id' | 'template'> & { nextAttemptAt?: Date | null };

/**
 * The e-mails of one transaction, handed out by `NotificationsService.inTransaction`: an e-mail
 * is recorded together with the change it belongs to, and dispatched once that change commits.
 */
export class MailOutbox {
  constructor(
    private readonly tx: EntityManager,
    private readonly recorded: QueuedMail[],
  ) {}

  /** Records the e-mail in this transaction (flushed with it); it goes out after the commit. */
  queue<T extends MailTemplate>(mail: QueueMailInput<T>): QueuedMail {
    const row = this.tx.getRepository(OutboxMail).record({ template: mail.template, recipient: mail.to, data: { ...mail.data }, dedupeKey: mail.dedupeKey, dueAt: mail.dueAt });
    this.recorded.push(row);
    return row;
  }

  /**
   * Adds a message to a digest e-mail (`MessageDigest`) already in the outbox, in this
   * transaction, as long as no attempt to send it has started; answers whether it did (if not,
   * the caller queues a new digest).
   */
  appendToDigest(digestId: string, item: MailTemplateData[MailTemplate.MessageDigest]['messages'][number]): Promise<boolean> {
    return this.tx.getRepository(OutboxMail).appendToDigest(digestId, item);
  }

  /**
   * Runs `work` in a savepoint of this transaction: if it throws, its changes and its e-mails
   * are undone (never dispatched) and the error is rethrown, and the outer transaction goes on.
   */
  async savepoint<R>(work: (tx: EntityManager, mail: MailOutbox) => R | Promise<R>): Promise<R> {
    const recorded: QueuedMail[] = [];
    const result = await this.tx.transactional((inner) => work(inner, new MailOutbox(inner, recorded)));
    this.recorded.push(...recorded);
    return result;
  }
}

/**
 * Every e-mail starts here. `inTransaction` runs a change and records its e-mails in the same
 * transaction (the outbox), then, after the commit, hands them to BullMQ (`dispatch`). The worker
 * renders and sends them; its relay re-dispatches whatever a request could not (Redis down,
 * process killed in between).
 */
@Injectable()
export class NotificationsService {
  private readonly logger = new Logger(NotificationsService.name);
  private readonly owners: MailBatchOwners;

  constructor(
    @InjectQueue(MAIL_QUEUE) private readonly queue: MailQueue,
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'mail'>,
  ) {
    this.owners = new MailBatchOwners(queue);
  }

  /**
   * Runs `work` in one transaction of `options.em` (the request's EntityManager by default);
   * the e-mails it queues on `mail` are committed with it and dispatched after the commit. If
   * anything throws, nothing is recorded and nothing is sent.
   */
  async inTransaction<R>(work: (tx: EntityManager, mail: MailOutbox) => R | Promise<R>, options: { em?: EntityManager } = {}): Promise<R> {
    const mails: QueuedMail[] = [];
    const result = await (options.em ?? this.em).transactional((tx) => work(tx, new MailOutbox(tx, mails)));
    await this.dispatch(mails);
    return result;
  }

  /**
   * Whether each e-mail went out, as editors are told it: `queued` until the worker has sent it
   * (or given up), then `sent` or `failed`. Rows purged or never recorded are absent.
   */
  async deliveryOf(outboxIds: readonly string[]): Promise<Map<string, MailDelivery>> {
    if (outboxIds.length === 0) return new Map();
    const statuses = await this.em.fork().getRepository(OutboxMail).statusesOf(outboxIds);
    return new Map([...statuses].map(([id, status]) => [id, status === 'sent' || status === 'failed' ? status : 'queued']));
  }

  /**
   * Hands committed outbox rows to BullMQ and marks them queued: the rows of one template go in
   * jobs of up to `MAIL_BATCH_SIZE` (`batchSize`), a row alone in its own job (job id = row id,
   * so adding it twice is harmless). A batch's rows are made its own before it is added, so rows
   * dispatched twice still have one job that sends them. Never throws: on failure the rows stay
   * pending for the relay. Called by `inTransaction` after its commit and by the worker's relay.
   */
  async dispatch(mails: readonly QueuedMail[], options: { batchSize?: number } = {}): Promise<boolean> {
    if (mails.length === 0) return true;
    const ids = mails.map((mail) => mail.id);
    try {
      await withTimeout(this.enqueue(mails, options.batchSize ?? this.config.mail.batchSize), DISPATCH_TIMEOUT_MS);
    } catch (error) {
      this.logger.warn(`Could not queue ${ids.length} e-mail(s), the relay will retry: ${describe(error)}`);
      return false;
    }
    try {
      // Only pending rows: the worker may already have sent the e-mail.
      await this.em.fork().getRepository(OutboxMail).markQueued(ids);
    } catch (error) {
      this.logger.warn(`Queued ${ids.length} e-mail(s) but could not mark them queued: ${describe(error)}`);
      return false;
    }
    return true;
  }

  private async enqueue(mails: readonly QueuedMail[], batchSize: number): Promise<void> {
    const now = Date.now();
    const delayOf = (mail: QueuedMail) => Math.max(0, (mail.nextAttemptAt?.getTime() ?? now) - now);
    const due = mails.filter((mail) => delayOf(mail) === 0);
    // An e-mail due later has a delayed job of its own (job id = row id, so dispatching it again is harmless).
    const later = mails.filter((mail) => delayOf(mail) > 0).map((mail) => {
      const job = toMailJob(mail);
      return { ...job, opts: { ...job.opts, delay: delayOf(mail) } };
    });
    const jobs = [
      ...batchesOf(due, batchSize).map((group) => (group.length === 1 ? toMailJob(group[0]) : toMailBatchJob(group[0].template, group.map((mail) => mail.id)))),
      ...later,
    ];
    const batches = jobs.flatMap((job) => (job.data.outboxIds ? [{ jobId: job.opts.jobId, outboxIds: job.data.outboxIds }] : []));
    await Promise.all(batches.map((batch) => this.owners.claim(batch.jobId, batch.outboxIds)));
    await this.queue.addBulk(jobs);
  }
}

/** The mails grouped by template, in their order, in groups of at most `size`. */
export function batchesOf(mails: readonly QueuedMail[], size: number): QueuedMail[][] {
  const byTemplate = new Map<string, QueuedMail[]>();
  for (const mail of mails) {
    const group = byTemplate.get(mail.template);
    if (group) group.push(mail);
    else byTemplate.set(mail.template, [mail]);
  }
  const batches: QueuedMail[][] = [];
  for (const group of byTemplate.values()) {
    for (let start = 0; start < group.length; start += size) batches.push(group.slice(start, start + size));
  }
  return batches;
}
