import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { AccessModule } from '../../common/access/access.module.js';
import { InvitationsModule } from '../invitations/invitations.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { PapersModule } from '../papers/papers.module.js';
import { UsersModule } from '../users/users.module.js';
import { PaperReview } from './entities/paper-review.entity.js';
import { ReviewController } from './review.controller.js';
import { ReviewService } from './review.service.js';

/** Peer review: assignments, the reviewer's drafts and submissions, the editors' reading. Exports nothing yet. */
@Module({
  imports: [MikroOrmModule.forFeature([PaperReview]), AccessModule, InvitationsModule, NotificationsModule, PapersModule, UsersModule],
  controllers: [ReviewController],
  providers: [ReviewService],
})
export class ReviewModule {}
