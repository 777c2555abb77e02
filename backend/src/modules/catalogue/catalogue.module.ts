import { Module } from '@nestjs/common';
import { PaperCitationsService } from './citations/paper-citations.service.js';
import { PaperListCache } from './list/paper-list-cache.service.js';
import { PaperListVersionRepository } from './list/paper-list-version.repository.js';
import { PapersListPageRoutes } from './list/papers-list-page.routes.js';
import { PaperPagesRoutes } from './pages/paper-pages.routes.js';
import { PaperPagesService } from './pages/paper-pages.service.js';
import { PublishedPapersController } from './published-papers.controller.js';
import { PublishedPapersRepository } from './published-papers.repository.js';
import { READ_POOL_PROVIDERS } from './read-pool.js';

/**
 * The public read side of the journal: the published-papers list and its search and cache, the
 * pages for readers and indexers (paper pages, sitemap, feed) and citations; OAI-PMH, built on its
 * cards, is a module of its own. It reads published rows of the manuscripts' tables and never
 * writes; it owns the read pool.
 */
@Module({
  controllers: [PublishedPapersController],
  providers: [
    ...READ_POOL_PROVIDERS,
    PublishedPapersRepository,
    PaperListCache,
    PaperListVersionRepository,
    PapersListPageRoutes,
    PaperPagesService,
    PaperPagesRoutes,
    PaperCitationsService,
  ],
})
export class CatalogueModule {}
