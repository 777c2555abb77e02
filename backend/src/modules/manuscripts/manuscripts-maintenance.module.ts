import { Module } from '@nestjs/common';
import { DoiAssignment } from './doi/doi-assignment.chore.js';

/** The papers module's scheduled work, for the worker process only. */
@Module({
  providers: [DoiAssignment],
  exports: [DoiAssignment],
})
export class PapersMaintenanceModule {}
