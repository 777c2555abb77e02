import { Module } from '@nestjs/common';
import { DoiAssignment } from './doi-assignment.chore.js';
import { PaperDoisService } from './paper-dois.service.js';

/** The DOIs' scheduled work (DOIs for papers published without one), for the worker process only; ManuscriptsMaintenanceModule registers the papers. */
@Module({
  providers: [PaperDoisService, DoiAssignment],
  exports: [PaperDoisService, DoiAssignment],
})
export class DoisMaintenanceModule {}
