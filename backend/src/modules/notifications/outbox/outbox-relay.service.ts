import { MikroORM } from '@mikro-orm/postgresql';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { NotificationsService } from '../notifications.service.js';
import { OutboxMail } from './outbox-mail.entity.js';

/** A row younger than this may still be dispatched by the request that wrote it. */
export const RELAY_MIN_AGE_MS = 30_000;
export const RELAY_INTERVAL_MS = 15_000;
const RELAY_BATCH = 100;

/**
 * Re-dispatches outbox rows that never reached BullMQ (Redis down during the request, process
 * stopped between commit and dispatch). Every worker runs it; the job id dedupe makes
 * concurrent relays harmless.
 */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OutboxRelayService.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly orm: MikroORM,
    private readonly notifications: NotificationsService,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.relayPending().catch(() => undefined), RELAY_INTERVAL_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass; returns how many rows it handed to BullMQ. Overlapping calls share one pass. */
  relayPending(minAgeMs = RELAY_MIN_AGE_MS): Promise<number> {
    this.running ??= this.relayOnce(minAgeMs).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async relayOnce(minAgeMs: number): Promise<number> {
    try {
      const rows = await this.orm.em.fork().find(
        OutboxMail,
        { status: 'pending', createdAt: { $lte: new Date(Date.now() - minAgeMs) } },
        { orderBy: { createdAt: 'asc' }, limit: RELAY_BATCH },
      );
      if (rows.length === 0) return 0;
      const queued = await this.notifications.dispatch(rows);
      if (queued) this.logger.log(`Relayed ${rows.length} pending e-mail(s)`);
      return queued ? rows.length : 0;
    } catch (error) {
      this.logger.warn(`Outbox relay failed: ${error instanceof Error ? error.message : String(error)}`);
      return 0;
    }
  }
}
