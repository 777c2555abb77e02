import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { AccessModule } from '../../common/access/access.module.js';
import { InvitationsModule } from '../invitations/invitations.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { UsersModule } from '../users/users.module.js';
import { MessageAttachment } from './entities/message-attachment.entity.js';
import { MessageMailWindow } from './entities/message-mail-window.entity.js';
import { ReviewerMessage } from './entities/reviewer-message.entity.js';
import { MessagingController } from './messaging.controller.js';
import { MessagingService } from './messaging.service.js';

/** Messages between the editorial team and reviewers, with their images. Exports nothing; needs the global StorageModule. */
@Module({
  imports: [MikroOrmModule.forFeature([ReviewerMessage, MessageAttachment, MessageMailWindow]), AccessModule, InvitationsModule, NotificationsModule, UsersModule],
  controllers: [MessagingController],
  providers: [MessagingService],
})
export class MessagingModule {}
