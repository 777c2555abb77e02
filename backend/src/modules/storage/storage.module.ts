import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { LocalDiskStorage } from './local-disk.storage.js';
import { S3Storage } from './s3.storage.js';
import { StorageService } from './storage.service.js';

function createStorage(config: AppConfig): StorageService {
  const storage = config.storage;
  return storage.driver === 's3' ? new S3Storage(storage) : new LocalDiskStorage(storage.dir, { timeoutMs: storage.timeoutMs });
}

/** Provides the `StorageService` port; the driver is chosen from the configuration. */
@Global()
@Module({
  providers: [{ provide: StorageService, inject: [APP_CONFIG], useFactory: createStorage }],
  exports: [StorageService],
})
export class StorageModule {}
