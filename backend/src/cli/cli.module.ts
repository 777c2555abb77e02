import { Module } from '@nestjs/common';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { StorageModule } from '../modules/storage/storage.module.js';
import { UsersModule } from '../modules/users/users.module.js';
import { SeedersModule } from './seeders/seeders.module.js';

/**
 * What the command-line tools need: configuration, the database, storage (the demo papers' PDFs),
 * the account service and the seeders; no HTTP, no Redis.
 */
@Module({
  imports: [ConfigModule, DatabaseModule, StorageModule, UsersModule, SeedersModule],
})
export class CliModule {}
