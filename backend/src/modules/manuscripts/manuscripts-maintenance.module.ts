import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { DoisMaintenanceModule } from '../dois/dois-maintenance.module.js';
import { ResearchPaper } from './entities/research-paper.entity.js';
import { PaperDoiRecords } from './paper-doi-records.service.js';

/** The papers the worker's DOI chore (DoisMaintenanceModule) numbers, for the worker process only. */
@Module({
  imports: [MikroOrmModule.forFeature([ResearchPaper]), DoisMaintenanceModule],
  providers: [PaperDoiRecords],
})
export class ManuscriptsMaintenanceModule {}
