import { Module } from '@nestjs/common';
import { DoiAssignment } from './doi/doi-assignment.chore.js';

/** The manuscripts module's scheduled work (DOIs for papers published without one), for the worker process only. */
@Module({
  providers: [DoiAssignment],
  exports: [DoiAssignment],
})
export class ManuscriptsMaintenanceModule {}
