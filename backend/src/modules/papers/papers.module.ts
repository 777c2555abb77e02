import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { DemoPapersSeeder } from './demo-papers.seeder.js';
import { ResearchPaper } from './entities/research-paper.entity.js';

/** Research papers. Listing, search, submission and decisions arrive with the issues that build them. */
@Module({
  imports: [MikroOrmModule.forFeature([ResearchPaper])],
  providers: [DemoPapersSeeder],
  exports: [DemoPapersSeeder],
})
export class PapersModule {}
