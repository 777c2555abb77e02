import { Module } from '@nestjs/common';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module.js';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { ReadPoolModule } from '../database/read-pool.module.js';
import { DemoAccountsSeeder } from './seeders/demo-accounts.seeder.js';
import { PasswordHasher } from '../modules/auth/password-hasher.js';
import { DemoInvitationsSeeder } from './seeders/demo-invitations.seeder.js';
import { PapersModule } from '../modules/manuscripts/manuscripts.module.js';
import { StorageModule } from '../modules/storage/storage.module.js';
import { UsersModule } from '../modules/users/users.module.js';
import { RedisModule } from '../redis/redis.module.js';

/**
 * What the command-line tools need: configuration, the database, Redis (the papers module queues
 * e-mails, the payments module keeps test checkouts there, and the comments service spends
 * per-user limits), the account and paper services; no HTTP.
 */
@Module({
  imports: [ConfigModule, DatabaseModule, ReadPoolModule, RedisModule, RateLimitModule, StorageModule, UsersModule, PapersModule],
  providers: [PasswordHasher, DemoAccountsSeeder, DemoInvitationsSeeder],
})
export class CliModule {}
