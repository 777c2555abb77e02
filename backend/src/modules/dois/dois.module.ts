import { Module } from '@nestjs/common';
import { AccessModule } from '../../common/access/access.module.js';
import { PaperDepositsService } from './paper-deposits.service.js';
import { PaperDoisService } from './paper-dois.service.js';

/**
 * DOIs and the Crossref deposit: the numbering, the DOI a paper gets at publication and the
 * deposit the editors download. The manuscripts module imports it (its routes and its decisions
 * use it) and registers the papers it needs (PaperDoisService.usePapers): it owns no table.
 */
@Module({
  imports: [AccessModule],
  providers: [PaperDoisService, PaperDepositsService],
  exports: [PaperDoisService, PaperDepositsService],
})
export class DoisModule {}
