import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { AccessModule } from '../../common/access/access.module.js';
import { DecisionLettersModule } from '../decision-letters/decision-letters.module.js';
import { InvitationsModule } from '../invitations/invitations.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { ManuscriptsModule } from '../manuscripts/manuscripts.module.js';
import { RubricModule } from '../rubric/rubric.module.js';
import { UsersModule } from '../users/users.module.js';
import { ReviewCertificatesController } from './certificates/review-certificates.controller.js';
import { ReviewCertificatesService } from './certificates/review-certificates.service.js';
import { DueReminder } from './entities/due-reminder.entity.js';
import { PaperReview } from './entities/paper-review.entity.js';
import { RevisionRequest } from './entities/revision-request.entity.js';
import { ReviewRemindersController } from './reminders/review-reminders.controller.js';
import { ReviewRemindersService } from './reminders/review-reminders.service.js';
import { ReviewController } from './review.controller.js';
import { ReviewService } from './review.service.js';
import { ReviewRoundsService } from './revisions/review-rounds.service.js';
import { RevisionRequestsService } from './revisions/revision-requests.service.js';
import { RevisionsController } from './revisions/revisions.controller.js';

/** Peer review: assignments, the reviewer's drafts and submissions, the editors' reading, and the reviewers' certificates. Exports nothing yet. */
@Module({
  imports: [MikroOrmModule.forFeature([PaperReview, RevisionRequest, DueReminder]), AccessModule, DecisionLettersModule, InvitationsModule, NotificationsModule, ManuscriptsModule, RubricModule, UsersModule],
  controllers: [ReviewController, RevisionsController, ReviewCertificatesController, ReviewRemindersController],
  providers: [ReviewService, RevisionRequestsService, ReviewRoundsService, ReviewCertificatesService, ReviewRemindersService],
})
export class ReviewModule {}
