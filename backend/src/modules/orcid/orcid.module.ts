import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { UsersModule } from '../users/users.module.js';
import { OrcidBindingCookie } from './orcid-binding.cookie.js';
import { OrcidClient } from './orcid-client.js';
import { OrcidController } from './orcid.controller.js';
import { OrcidService } from './orcid.service.js';
import { OrcidStateStore } from './orcid-state.store.js';

/** ORCID linking and sign-in (docs/api.md, ORCID). Owns no table: the iD is a profile's, kept through UsersService. Exports nothing. */
@Module({
  imports: [AuthModule, UsersModule],
  controllers: [OrcidController],
  providers: [OrcidBindingCookie, OrcidClient, OrcidService, OrcidStateStore],
})
export class OrcidModule {}
