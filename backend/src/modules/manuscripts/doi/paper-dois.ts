import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../../config/app-config.js';

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

const ASSIGN_SQL = (onePaper: boolean) => `
  with numbered as (
    select id, nextval('research_paper_doi_number') as number
      from research_papers
     where status = 'published' and doi is null ${onePaper ? 'and id = ?' : ''}
     order by published_at, id
       for update
  )
  update research_papers paper
     set doi = ? || '/' || ? || '.' || to_char(paper.published_at at time zone 'UTC', 'YYYY') || '.'
               || lpad(numbered.number::text, greatest(5, length(numbered.number::text)), '0')
    from numbered
   where paper.id = numbered.id`;

/**
 * Gives a DOI to the published papers that have none (or to one of them, `paperId`), on the
 * manager's connection (inside its transaction when it has one). Returns how many got one; none
 * without a Crossref prefix.
 */
export async function assignDois(em: EntityManager, config: Pick<AppConfig, 'crossref' | 'journal'>, paperId?: string): Promise<number> {
  if (!config.crossref) return 0;
  const params = [...(paperId ? [paperId] : []), config.crossref.doiPrefix, doiSuffixStem(config.journal.shortName)];
  const result = await em.getConnection().execute(ASSIGN_SQL(paperId !== undefined), params, 'run', em.getTransactionContext());
  return (result as { affectedRows?: number }).affectedRows ?? 0;
}

/** A DOI as a link (doi.org, the form Crossref asks journals to display). */
export const doiUrl = (doi: string): string => `https://doi.org/${doi}`;
