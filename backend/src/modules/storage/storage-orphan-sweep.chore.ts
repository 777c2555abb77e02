import { MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { type Chore, RecurringChore } from '../../chores/recurring-chore.decorator.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { StorageKeyReferencesRepository } from './storage-key-references.repository.js';
import { type ListedObject, StorageService } from './storage.service.js';

export const ORPHAN_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
/** Keys asked about in one query: one round trip per page of an S3 listing. */
const BATCH_SIZE = 1000;

export interface OrphanSweepCounts {
  /** Stored objects no row named. */
  orphans: number;
  /** Temporary files of uploads that never finished. */
  partials: number;
  bytes: number;
}

/**
 * Removes what an upload cut short leaves in storage: the partial file of an API killed mid-write,
 * and the whole object of one killed (or failed) between storing it and committing its row. Only
 * what is older than the grace period goes (an upload in flight has no row yet), and never an
 * object a row names, however old. Overlapping runs (several workers) only delete the same files.
 */
@Injectable()
@RecurringChore({ name: 'sweep-storage-orphans', everyMs: ORPHAN_SWEEP_INTERVAL_MS })
export class StorageOrphanSweep implements Chore {
  private readonly logger = new Logger(StorageOrphanSweep.name);
  private readonly references: StorageKeyReferencesRepository;

  constructor(
    private readonly storage: StorageService,
    orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.references = new StorageKeyReferencesRepository(orm.em);
  }

  run(): Promise<OrphanSweepCounts> {
    return this.sweep();
  }

  async sweep(now = new Date()): Promise<OrphanSweepCounts> {
    const olderThan = now.getTime() - this.config.storageOrphans.graceMs;
    const counts: OrphanSweepCounts = { orphans: 0, partials: 0, bytes: 0 };
    let batch: ListedObject[] = [];
    for await (const object of this.storage.list()) {
      if (object.modifiedAt.getTime() >= olderThan) continue;
      if (object.partial) {
        await this.storage.deleteListed(object);
        counts.partials += 1;
        counts.bytes += object.size;
        continue;
      }
      batch.push(object);
      if (batch.length >= BATCH_SIZE) {
        await this.removeUnreferenced(batch, counts);
        batch = [];
      }
    }
    if (batch.length > 0) await this.removeUnreferenced(batch, counts);
    if (counts.orphans || counts.partials) {
      this.logger.log(`Removed ${counts.orphans} stored object(s) no row names and ${counts.partials} partial upload(s), ${counts.bytes} bytes in all`);
    }
    return counts;
  }

  private async removeUnreferenced(batch: ListedObject[], counts: OrphanSweepCounts): Promise<void> {
    const referenced = await this.references.referencedAmong(batch.map((object) => object.key));
    for (const object of batch) {
      if (referenced.has(object.key)) continue;
      await this.storage.deleteListed(object);
      counts.orphans += 1;
      counts.bytes += object.size;
    }
  }
}
