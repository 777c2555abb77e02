import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { BulkPapersSeeder } from './bulk-papers.seeder.js';
import { DemoPapersSeeder } from './demo-papers.seeder.js';
import { ResearchPaper } from './entities/research-paper.entity.js';
import { PaperPagesRoutes } from './paper-pages.routes.js';
import { PaperPagesService } from './paper-pages.service.js';
import { PapersController } from './papers.controller.js';
import { PapersService } from './papers.service.js';

/**
 * Research papers: public reading (list, search, detail, PDF), the pages for indexers, and the
 * demo and bulk seeds. Submission and decisions arrive with the issues that build them. Needs
 * the global StorageModule.
 */
@Module({
  imports: [MikroOrmModule.forFeature([ResearchPaper])],
  controllers: [PapersController],
  providers: [PapersService, PaperPagesService, PaperPagesRoutes, DemoPapersSeeder, BulkPapersSeeder],
  exports: [PapersService, DemoPapersSeeder, BulkPapersSeeder],
})
export class PapersModule {}
