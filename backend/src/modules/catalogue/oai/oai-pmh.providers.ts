import { OaiPmhRoutes } from './oai-pmh.routes.js';
import { OaiPmhService } from './oai-pmh.service.js';

/** The OAI-PMH repository at /oai, for the papers module to provide (it reads the papers through PapersService). */
export const OAI_PMH_PROVIDERS = [OaiPmhService, OaiPmhRoutes];
