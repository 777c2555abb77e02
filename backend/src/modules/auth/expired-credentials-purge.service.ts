import { MikroORM } from '@mikro-orm/postgresql';
import { type BeforeApplicationShutdown, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';

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
 * work. Every worker runs it hourly; concurrent passes only delete the same rows.
 */
@Injectable()
export class ExpiredCredentialsPurge implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ExpiredCredentialsPurge.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<PurgeCounts> | undefined;

  constructor(private readonly orm: MikroORM) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.purge().catch(() => undefined), PURGE_INTERVAL_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
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
    const connection = this.orm.em.getConnection();
    const sessions = await connection.execute<{ id: string }[]>(
      'delete from sessions where expires_at < ? or revoked_at < ? returning id',
      [before, before],
    );
    const linkTokens = await connection.execute<{ id: string }[]>(
      'delete from auth_tokens where expires_at < ? or used_at < ? returning id',
      [before, before],
    );
    const counts = { sessions: sessions.length, linkTokens: linkTokens.length };
    if (counts.sessions || counts.linkTokens) {
      this.logger.log(`Purged ${counts.sessions} dead session(s) and ${counts.linkTokens} spent link token(s)`);
    }
    return counts;
  }
}
