import { Module } from '@nestjs/common';
import { OaiPmhRoutes } from './oai-pmh.routes.js';
import { OaiPmhService } from './oai-pmh.service.js';
import { OaiRecordsRepository } from './oai-records.repository.js';

/**
 * The journal's OAI-PMH 2.0 repository at /oai (outside /api): every published paper in Dublin
 * Core, as the catalogue shows it (its cards, display rules and categories). Reads published rows
 * of research_papers; writes nothing.
 */
@Module({
  providers: [OaiPmhService, OaiPmhRoutes, OaiRecordsRepository],
})
export class OaiPmhModule {}
