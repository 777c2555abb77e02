import { Module } from '@nestjs/common';
import { PasswordHasher } from '../../modules/auth/password-hasher.js';
import { UsersModule } from '../../modules/users/users.module.js';
import { BulkPapersSeeder } from './bulk-papers.seeder.js';
import { DemoAccountsSeeder } from './demo-accounts.seeder.js';
import { DemoInvitationsSeeder } from './demo-invitations.seeder.js';
import { DemoPapersSeeder } from './demo-papers.seeder.js';

/**
 * The demo data and the benchmark's papers (`npm run seed`). Not part of the API or the worker:
 * the seed command builds it, and the integration tests add it to their app. Needs the global
 * ConfigModule, DatabaseModule and StorageModule.
 */
@Module({
  imports: [UsersModule],
  providers: [PasswordHasher, DemoAccountsSeeder, DemoInvitationsSeeder, DemoPapersSeeder, BulkPapersSeeder],
  exports: [DemoAccountsSeeder, DemoInvitationsSeeder, DemoPapersSeeder, BulkPapersSeeder],
})
export class SeedersModule {}
