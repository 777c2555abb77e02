import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { PaperFile } from '../../modules/manuscripts/entities/paper-file.entity.js';
import { PaperStatusEvent } from '../../modules/manuscripts/entities/paper-status-event.entity.js';
import { ResearchPaper } from '../../modules/manuscripts/entities/research-paper.entity.js';
import { ReviewerInvitation } from '../../modules/invitations/entities/reviewer-invitation.entity.js';
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
  imports: [MikroOrmModule.forFeature([ResearchPaper, PaperFile, PaperStatusEvent, ReviewerInvitation]), UsersModule],
  providers: [PasswordHasher, DemoAccountsSeeder, DemoInvitationsSeeder, DemoPapersSeeder, BulkPapersSeeder],
  exports: [DemoAccountsSeeder, DemoInvitationsSeeder, DemoPapersSeeder, BulkPapersSeeder],
})
export class SeedersModule {}
