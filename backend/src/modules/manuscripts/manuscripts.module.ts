import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { AccessModule } from '../../common/access/access.module.js';
import { DecisionLettersModule } from '../decision-letters/decision-letters.module.js';
import { DoisModule } from '../dois/dois.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminPaperListRepository } from './admin-paper-list.repository.js';
import { AdminPapersController } from './admin-papers.controller.js';
import { AdminPapersService } from './admin-papers.service.js';
import { PaperComment } from './entities/paper-comment.entity.js';
import { PaperFile } from './entities/paper-file.entity.js';
import { PaperStatusEvent } from './entities/paper-status-event.entity.js';
import { ResearchPaper } from './entities/research-paper.entity.js';
import { ManuscriptsService } from './manuscripts.service.js';
import { PaperCommentsService } from './paper-comments.service.js';
import { PaperDecisionsService } from './paper-decisions.service.js';
import { PaperDoiRecords } from './paper-doi-records.service.js';
import { PaperSubmissionService } from './paper-submission.service.js';
import { PaperTimelineService } from './paper-timeline.service.js';
import { PaperVersionsService } from './paper-versions.service.js';
import { PapersController } from './papers.controller.js';
import { PaperStageFactsRepository } from './paper-stage-facts.repository.js';
import { VersionUploadWindowRepository } from './version-upload-window.repository.js';

/**
 * A paper from submission to decision: submission (with the payments module's fee), the author's
 * own papers, a paper as its viewer may see it, versions of the PDF and the discussion; editorial
 * decisions with their timeline (their letters: decision-letters; the DOI of a published paper:
 * dois), the admin list. Owns the tables research_papers, paper_files, paper_comments and
 * paper_status_events. Needs the global StorageModule.
 */
@Module({
  imports: [MikroOrmModule.forFeature([ResearchPaper, PaperFile, PaperComment, PaperStatusEvent]), AccessModule, DecisionLettersModule, DoisModule, NotificationsModule, PaymentsModule, UsersModule],
  controllers: [PapersController, AdminPapersController],
  providers: [ManuscriptsService, PaperSubmissionService, PaperVersionsService, PaperCommentsService, PaperDecisionsService, PaperTimelineService, AdminPapersService, AdminPaperListRepository, PaperDoiRecords, PaperStageFactsRepository, VersionUploadWindowRepository],
  exports: [ManuscriptsService, PaperVersionsService, PaperTimelineService],
})
export class ManuscriptsModule {}
