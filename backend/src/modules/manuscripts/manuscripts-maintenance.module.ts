import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { DoiAssignment } from './doi/doi-assignment.chore.js';
import { ResearchPaper } from './entities/research-paper.entity.js';

/** The manuscripts module's scheduled work (DOIs for papers published without one), for the worker process only. */
@Module({
  imports: [MikroOrmModule.forFeature([ResearchPaper])],
  providers: [DoiAssignment],
  exports: [DoiAssignment],
})
export class ManuscriptsMaintenanceModule {}
