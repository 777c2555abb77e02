import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { LicenseId } from '../../config/licenses.js';
import type { PaperCardDto } from '../catalogue/dtos/paper.dto.js';

/**
 * DOIs (issue 17): with a Crossref prefix configured, every published paper gets one,
 * `{prefix}/{journal}.{year}.{number}`, e.g. `10.12345/ysj.2026.00042`: the journal's short name
 * (letters and digits), the year of publication, and a number from a sequence, so that no two
 * papers ever share one and the suffix says nothing that could change (Crossref's advice: opaque,
 * short, case-insensitive). Given once and kept: the statement only fills papers that have none.
 */
export function doiSuffixStem(journalShortName: string): string {
  return journalShortName.toLowerCase().replace(/[^a-z0-9]+/g, '') || 'paper';
}

/** A paper as its Crossref deposit needs it. */
export interface DepositSource {
  id: string;
  card: PaperCardDto;
  published: boolean;
  doi: string | null;
  license: LicenseId;
  publishedAt: Date | null;
}

/**
 * What this module needs of the papers, whose table (`research_papers`) is the manuscripts
 * module's: that module imports this one, so it registers these at start instead of being injected.
 */
export interface DoiPapers {
  /**
   * Numbers the published papers without a DOI (or the one paper `paperId`) as
   * `{prefix}/{stem}.{year}.{number}`, on the manager's connection (inside its transaction when it
   * has one; a fork of its own without one). Returns how many got one.
   */
  assign(em: EntityManager | undefined, prefix: string, stem: string, paperId?: string): Promise<number>;
  /** The paper, or null when there is none. */
  depositSource(paperId: string): Promise<DepositSource | null>;
}

/** The journal's DOIs: which papers get one, numbered how, from the configured prefix. */
@Injectable()
export class PaperDoisService {
  private papers: DoiPapers | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'crossref' | 'journal'>) {}

  /** The manuscripts module's hook, in the API and in the worker (PaperDoiRecords). */
  usePapers(papers: DoiPapers): void {
    this.papers = papers;
  }

  /**
   * Gives a DOI to the published papers that have none (or to one of them, `paperId`), inside
   * `em`'s transaction when given. Returns how many got one; none without a Crossref prefix.
   */
  async assignDois(paperId?: string, em?: EntityManager): Promise<number> {
    const { crossref } = this.config;
    if (!crossref) return 0;
    return this.registered().assign(em, crossref.doiPrefix, doiSuffixStem(this.config.journal.shortName), paperId);
  }

  depositSource(paperId: string): Promise<DepositSource | null> {
    return this.registered().depositSource(paperId);
  }

  private registered(): DoiPapers {
    // A process that imports this module without the manuscripts module's registration is miswired.
    if (!this.papers) throw new Error('No papers for DOIs: the manuscripts module registers them at start');
    return this.papers;
  }
}
