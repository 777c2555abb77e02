import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { ReviewerInvitation } from './entities/reviewer-invitation.entity.js';
import { InvitationExpiry } from './invitation-expiry.service.js';

/** The invitations module's scheduled work, for the worker process only. */
@Module({
  imports: [MikroOrmModule.forFeature([ReviewerInvitation])],
  providers: [InvitationExpiry],
  exports: [InvitationExpiry],
})
export class InvitationsMaintenanceModule {}
