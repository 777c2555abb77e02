import { MikroORM } from '@mikro-orm/postgresql';
import { type BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { type Chore, RecurringChore } from '../../chores/recurring-chore.decorator.js';
import { LinkTokensService } from '../link-tokens/link-tokens.service.js';
import { Session } from './entities/session.entity.js';

/** How long a dead session or a spent link token is kept (for support questions) before it goes. */
export const CREDENTIALS_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export interface PurgeCounts {
  sessions: number;
  linkTokens: number;
}

/**
 * Removes what can never sign anyone in again: sessions expired or revoked for a week (their
 * rotated refresh-token hashes go with them, by cascade) and link tokens used or expired for a
 * week. Reuse detection is unaffected: it only needs the rotated hashes of sessions that still
 * work. Hourly, by one worker (a job scheduler); a pass that overlaps another only deletes the
 * same rows.
 */
@Injectable()
@RecurringChore({ name: 'purge-expired-credentials', everyMs: PURGE_INTERVAL_MS })
export class ExpiredCredentialsPurge implements Chore, BeforeApplicationShutdown {
  private readonly logger = new Logger(ExpiredCredentialsPurge.name);
  private running: Promise<PurgeCounts> | undefined;

  constructor(
    private readonly orm: MikroORM,
    private readonly linkTokens: LinkTokensService,
  ) {}

  run(): Promise<PurgeCounts> {
    return this.purge();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  purge(now = new Date()): Promise<PurgeCounts> {
    this.running ??= this.purgeOnce(now).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async purgeOnce(now: Date): Promise<PurgeCounts> {
    const before = new Date(now.getTime() - CREDENTIALS_RETENTION_MS);
    const sessions = await this.orm.em.fork().getRepository(Session).purgeDeadBefore(before);
    const linkTokens = await this.linkTokens.purgeSpentBefore(before);
    const counts = { sessions, linkTokens };
    if (counts.sessions || counts.linkTokens) {
      this.logger.log(`Purged ${counts.sessions} dead session(s) and ${counts.linkTokens} spent link token(s)`);
    }
    return counts;
  }
}
