import { OaiRecordsRepository } from './oai-records.repository.js';
import { OaiPmhRoutes } from './oai-pmh.routes.js';
import { OaiPmhService } from './oai-pmh.service.js';

/** The OAI-PMH repository at /oai, for the catalogue module to provide. */
export const OAI_PMH_PROVIDERS = [OaiPmhService, OaiPmhRoutes, OaiRecordsRepository];
