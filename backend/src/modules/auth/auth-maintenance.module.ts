import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { LinkTokensModule } from '../link-tokens/link-tokens.module.js';
import { RotatedRefreshToken } from './entities/rotated-refresh-token.entity.js';
import { Session } from './entities/session.entity.js';
import { ExpiredCredentialsPurge } from './expired-credentials-purge.service.js';

/** The auth module's housekeeping, for the worker process only. */
@Module({
  imports: [MikroOrmModule.forFeature([Session, RotatedRefreshToken]), LinkTokensModule],
  providers: [ExpiredCredentialsPurge],
  exports: [ExpiredCredentialsPurge],
})
export class AuthMaintenanceModule {}
