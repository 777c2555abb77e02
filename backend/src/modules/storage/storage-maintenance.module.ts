import { Module } from '@nestjs/common';
import { StorageOrphanSweep } from './storage-orphan-sweep.chore.js';
import { StorageModule } from './storage.module.js';

/** Storage's scheduled work (the orphan sweep), for the worker process only. */
@Module({
  imports: [StorageModule],
  providers: [StorageOrphanSweep],
  exports: [StorageOrphanSweep],
})
export class StorageMaintenanceModule {}
