import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../../config/app-config.js';
import { ResearchPaper } from '../entities/research-paper.entity.js';

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

/**
 * Gives a DOI to the published papers that have none (or to one of them, `paperId`), on the
 * manager's connection (inside its transaction when it has one). Returns how many got one; none
 * without a Crossref prefix.
 */
export async function assignDois(em: EntityManager, config: Pick<AppConfig, 'crossref' | 'journal'>, paperId?: string): Promise<number> {
  if (!config.crossref) return 0;
  return em.getRepository(ResearchPaper).assignDois(config.crossref.doiPrefix, doiSuffixStem(config.journal.shortName), paperId);
}
