import { Module } from '@nestjs/common';
import { ExpiredCredentialsPurge } from './expired-credentials-purge.service.js';

/** The auth module's housekeeping, for the worker process only. */
@Module({
  providers: [ExpiredCredentialsPurge],
  exports: [ExpiredCredentialsPurge],
})
export class AuthMaintenanceModule {}
