import { Injectable, Logger } from '@nestjs/common';
import { type Chore, RecurringChore } from '../../chores/recurring-chore.decorator.js';
import { PaperDoisService } from './paper-dois.service.js';

export const DOI_ASSIGNMENT_INTERVAL_MS = 15 * 60 * 1000;

/**
 * A paper gets its DOI when it is published (PaperDecisionsService). This gives one to the papers
 * published before the journal had a Crossref prefix, or seeded, within a quarter of an hour of
 * the prefix being set. One statement that skips papers that have one, so overlapping runs are harmless.
 */
@Injectable()
@RecurringChore({ name: 'assign-missing-dois', everyMs: DOI_ASSIGNMENT_INTERVAL_MS })
export class DoiAssignment implements Chore {
  private readonly logger = new Logger(DoiAssignment.name);

  constructor(private readonly dois: PaperDoisService) {}

  async run(): Promise<number> {
    const assigned = await this.dois.assignDois();
    if (assigned > 0) this.logger.log(`Gave a DOI to ${assigned} published paper(s)`);
    return assigned;
  }
}
