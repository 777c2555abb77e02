import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { LinkTokensModule } from '../link-tokens/link-tokens.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { UsersModule } from '../users/users.module.js';
import { ReviewerInvitation } from './entities/reviewer-invitation.entity.js';
import { InvitationsController } from './invitations.controller.js';
import { InvitationsService } from './invitations.service.js';

/** Reviewer invitations; exports the service for the assignment of papers (`assignableReviewers`). */
@Module({
  imports: [MikroOrmModule.forFeature([ReviewerInvitation]), AuthModule, UsersModule, LinkTokensModule, NotificationsModule],
  controllers: [InvitationsController],
  providers: [InvitationsService],
  exports: [InvitationsService],
})
export class InvitationsModule {}
