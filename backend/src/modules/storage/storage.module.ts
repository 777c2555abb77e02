import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { LocalDiskStorage } from './local-disk.storage.js';
import { StorageService } from './storage.service.js';

/** Provides the `StorageService` port; the driver is chosen from the configuration. */
@Global()
@Module({
  providers: [{ provide: StorageService, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new LocalDiskStorage(config.storage.dir) }],
  exports: [StorageService],
})
export class StorageModule {}
