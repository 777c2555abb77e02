import { Inject, Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { REDIS_CLIENT } from '../../redis/redis.module.js';
import { StorageService } from '../storage/storage.service.js';
import { DatabasePingRepository } from './database-ping.repository.js';

export type CheckState = 'up' | 'down';

export interface Readiness {
  status: 'ok' | 'error';
  checks: { database: CheckState; redis: CheckState; storage: CheckState };
}

const CHECK_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS).unref()),
  ]);
}

@Injectable()
export class HealthService {
  constructor(
    private readonly database: DatabasePingRepository,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    private readonly storage: StorageService,
  ) {}

  /**
   * Ready when the database, Redis and file storage all answer: storage counts, so a lost volume
   * or a missing bucket shows here (and takes the process out of rotation) instead of looking
   * like papers gone missing.
   */
  async readiness(): Promise<Readiness> {
    const [database, redis, storage] = await Promise.all([
      this.check(() => this.database.ping()),
      this.check(() => this.redis.ping()),
      this.check(() => this.storage.assertReady()),
    ]);
    return { status: database === 'up' && redis === 'up' && storage === 'up' ? 'ok' : 'error', checks: { database, redis, storage } };
  }

  private async check(probe: () => Promise<unknown>): Promise<CheckState> {
    try {
      await withTimeout(probe());
      return 'up';
    } catch {
      return 'down';
    }
  }
}
