import { Module } from '@nestjs/common';
import { LinkTokensModule } from '../link-tokens/link-tokens.module.js';
import { ExpiredCredentialsPurge } from './expired-credentials-purge.service.js';

/** The auth module's housekeeping, for the worker process only. */
@Module({
  imports: [LinkTokensModule],
  providers: [ExpiredCredentialsPurge],
  exports: [ExpiredCredentialsPurge],
})
export class AuthMaintenanceModule {}
