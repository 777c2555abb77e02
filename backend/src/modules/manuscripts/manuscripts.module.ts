import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { AccessModule } from '../../common/access/access.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminPapersController } from './admin-papers.controller.js';
import { AdminPapersService } from './admin-papers.service.js';
import { PaperCitationsService } from '../catalogue/citations/paper-citations.service.js';
import { BulkPapersSeeder } from '../../cli/seeders/bulk-papers.seeder.js';
import { DemoPapersSeeder } from '../../cli/seeders/demo-papers.seeder.js';
import { PaperDepositsService } from './doi/paper-deposits.service.js';
import { PaperComment } from './entities/paper-comment.entity.js';
import { PaperFile } from './entities/paper-file.entity.js';
import { PaperStatusEvent } from './entities/paper-status-event.entity.js';
import { ResearchPaper } from './entities/research-paper.entity.js';
import { PaperCommentsService } from './paper-comments.service.js';
import { PaperDecisionsService } from './paper-decisions.service.js';
import { PaperListCache } from '../catalogue/list/paper-list-cache.service.js';
import { PaperListVersionRepository } from '../catalogue/list/paper-list-version.repository.js';
import { OAI_PMH_PROVIDERS } from '../catalogue/oai/oai-pmh.providers.js';
import { PaperPagesRoutes } from '../catalogue/pages/paper-pages.routes.js';
import { PaperPagesService } from '../catalogue/pages/paper-pages.service.js';
import { PaperSubmissionService } from './paper-submission.service.js';
import { PaperVersionsService } from './paper-versions.service.js';
import { PapersController } from './papers.controller.js';
import { PapersListPageRoutes } from '../catalogue/list/papers-list-page.routes.js';
import { PapersService } from './manuscripts.service.js';

/**
 * Research papers: public reading (list, search, detail, PDF), the pages for indexers,
 * submission (with the payments module's fee), the author's own papers, versions of the PDF and
 * the discussion; editorial decisions with their timeline and the admin list; the demo and bulk seeds. Needs the global StorageModule.
 */
@Module({
  imports: [MikroOrmModule.forFeature([ResearchPaper, PaperFile, PaperComment, PaperStatusEvent]), AccessModule, NotificationsModule, PaymentsModule, UsersModule],
  controllers: [PapersController, AdminPapersController],
  providers: [
    PapersService,
    PaperSubmissionService,
    PaperVersionsService,
    PaperCommentsService,
    PaperDecisionsService,
    PaperListCache,
    PaperListVersionRepository,
    AdminPapersService,
    PaperPagesService,
    PaperPagesRoutes,
    ...OAI_PMH_PROVIDERS,
    PaperCitationsService,
    PaperDepositsService,
    PapersListPageRoutes,
    DemoPapersSeeder,
    BulkPapersSeeder,
  ],
  exports: [PapersService, PaperVersionsService, DemoPapersSeeder, BulkPapersSeeder],
})
export class PapersModule {}
