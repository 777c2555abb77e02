import { MikroORM } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { JobState } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { MailBatchOwners } from '../mail/mail-batch-owners.js';
import { MAIL_QUEUE, type MailQueue, mailJobId, sentAtIn } from '../mail/mail-job.js';
import { NotificationsService } from '../notifications.service.js';
import { OutboxMail } from '../entities/outbox-mail.entity.js';
import type { OverdueOutboxMail } from '../entities/outbox-mail.repository.js';
import { describeError, withTimeout } from './with-timeout.js';

const RELAY_BATCH = 100;
const REDIS_TIMEOUT_MS = 3000;

/** A job in one of these states will still run by itself. */
const LIVE_STATES: ReadonlySet<JobState | 'unknown'> = new Set<JobState | 'unknown'>(['waiting', 'delayed', 'active', 'prioritized', 'waiting-children']);

/**
 * The outbox is the source of truth, not Redis: every pass claims the rows still unsent a
 * while (`MAIL_STALE_AFTER_SECONDS`) after they were due, and makes sure each has a job that
 * will run. The job that owns the row (`MailBatchOwners`: its batch's, else its own, job id = row
 * id) is asked: a live job is left alone; a job that finished without the row saying so is
 * settled from its result (sent) or replaced (its failure went unrecorded); a job that is gone
 * (Redis restarted empty, the request died before dispatching) is added again. A row replaces
 * its batch with a job of its own, so that the batch, should it run after all, skips it.
 *
 * A process timer rather than a BullMQ job scheduler: a scheduler lives in Redis and would
 * vanish with the very data this relay exists to recover. Every worker runs it; claiming rows
 * with `for update skip locked` keeps two relays off the same row.
 */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OutboxRelayService.name);
  private readonly owners: MailBatchOwners;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly orm: MikroORM,
    private readonly notifications: NotificationsService,
    @InjectQueue(MAIL_QUEUE) private readonly queue: MailQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.owners = new MailBatchOwners(queue);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.relayDue().catch(() => undefined), this.config.mail.relayIntervalMs);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass; returns how many rows it handed to BullMQ again. Overlapping calls share one pass. */
  relayDue(staleAfterMs = this.config.mail.staleAfterMs): Promise<number> {
    this.running ??= this.relayOnce(staleAfterMs).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async relayOnce(staleAfterMs: number): Promise<number> {
    try {
      const rows = await this.claimOverdue(staleAfterMs);
      const lost: OverdueOutboxMail[] = [];
      try {
        for (const row of rows) {
          if (await this.needsJob(row)) lost.push(row);
        }
      } catch (error) {
        // Redis is down or slow: the rows not checked yet come round again after `staleAfterMs`.
        this.logger.warn(`Outbox relay could not reach the queue: ${describeError(error)}`);
      }
      if (lost.length === 0) return 0;
      // One job per row: the relay looks rows up by their own job id next time.
      const queued = await this.notifications.dispatch(lost, { batchSize: 1 });
      if (queued) this.logger.log(`Dispatched ${lost.length} unsent e-mail(s) again`);
      return queued ? lost.length : 0;
    } catch (error) {
      this.logger.warn(`Outbox relay failed: ${describeError(error)}`);
      return 0;
    }
  }

  /**
   * Overdue unsent rows, their due time moved to now so that this relay (or another worker's)
   * looks at them again only after another `staleAfterMs` if they stay unsent.
   */
  private claimOverdue(staleAfterMs: number): Promise<OverdueOutboxMail[]> {
    return this.orm.em.fork().getRepository(OutboxMail).claimOverdue(staleAfterMs, RELAY_BATCH);
  }

  private async needsJob(row: OverdueOutboxMail): Promise<boolean> {
    const ownJob = mailJobId(row.id);
    const owner = (await withTimeout(this.owners.recordedOwner(row.id), REDIS_TIMEOUT_MS)) ?? ownJob;
    if (owner !== ownJob) {
      const state = await withTimeout(this.queue.getJobState(owner), REDIS_TIMEOUT_MS);
      if (LIVE_STATES.has(state)) return false;
      if (state === 'completed' && (await this.settleFromJob(row, owner))) {
        await withTimeout(this.owners.release([row.id]), REDIS_TIMEOUT_MS);
        return false;
      }
    }
    // From here the row is its own job's: a batch that owned it, or one a late request adds,
    // skips it. False if its owner changed or came alive meanwhile; the next pass looks again.
    if (!(await withTimeout(this.owners.takeOver(row.id, owner), REDIS_TIMEOUT_MS))) return false;
    const state = await withTimeout(this.queue.getJobState(ownJob), REDIS_TIMEOUT_MS);
    if (LIVE_STATES.has(state)) return false;
    if (state === 'completed' && (await this.settleFromJob(row, ownJob))) {
      await withTimeout(this.owners.release([row.id]), REDIS_TIMEOUT_MS);
      return false;
    }
    // A finished job keeps its id and would make the new one a no-op.
    if (state === 'completed' || state === 'failed') await withTimeout(this.queue.remove(ownJob), REDIS_TIMEOUT_MS);
    return true;
  }

  /** Records the row sent if the finished job `jobId` says SMTP accepted it; says whether it did. */
  private async settleFromJob(row: OverdueOutboxMail, jobId: string): Promise<boolean> {
    const sentAt = sentAtIn((await withTimeout(this.queue.getJob(jobId), REDIS_TIMEOUT_MS))?.returnvalue, row.id);
    if (!sentAt) return false;
    await this.orm.em.fork().getRepository(OutboxMail).markSentIfUnsent(row.id, new Date(sentAt));
    this.logger.log(`E-mail ${row.id} had been sent; recorded it from its job ${jobId}`);
    return true;
  }
}
