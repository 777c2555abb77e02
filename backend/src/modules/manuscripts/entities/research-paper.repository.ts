import { EntityRepository } from '@mikro-orm/postgresql';
import { STAGE_FACT_COLUMNS, type StageFactColumns, stageFactsJoin, stageSql } from '../paper-stage-facts.repository.js';
import { PaperStage } from '../paper-stage.js';
import type { PaperStatus } from './paper-status.js';
import type { ResearchPaper } from './research-paper.entity.js';

/** One of an author's papers, as My Submissions lists it, with its stage's facts. */
export interface MySubmissionRow extends StageFactColumns {
  id: string;
  title: string;
  category: string;
  status: PaperStatus;
  created_at: Date;
  updated_at: Date;
  published_at: Date | null;
  comment_count: number;
}

const ASSIGN_DOIS_SQL = (onePaper: boolean) => `
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

export class ResearchPaperRepository extends EntityRepository<ResearchPaper> {
  /**
   * The author's papers, newest first, with their comment counts and their stages' facts: one
   * statement, because the ORM would load every comment to count them, and the review module's
   * rows are not its entities here.
   */
  submissionsOf(userId: string, limit?: number): Promise<MySubmissionRow[]> {
    return this.em.getConnection().execute<MySubmissionRow[]>(
      `select p.id, p.title, p.category, p.status, p.round, p.created_at, p.updated_at, p.published_at,
              (select count(*) from paper_comments c where c.paper_id = p.id)::int as comment_count,
              ${STAGE_FACT_COLUMNS}
         from research_papers p
         ${stageFactsJoin('p')}
        where p.user_id = ?
        order by p.created_at desc, p.id desc
        ${limit ? 'limit ?' : ''}`,
      limit ? [userId, limit] : [userId],
    );
  }

  /** The author's dashboard tiles, counted in one statement; a revision request counts by the papers' stages. */
  async dashboardCountsOf(userId: string): Promise<{ total: number; published: number; comments: number; revisionsRequested: number }> {
    const [counts] = await this.em.getConnection().execute<{ total: number; published: number; comments: number; revisions_requested: number }[]>(
      `select count(*)::int as total,
              count(*) filter (where p.status = 'published')::int as published,
              (select count(*) from paper_comments c join research_papers o on o.id = c.paper_id where o.user_id = ?)::int as comments,
              count(*) filter (where ${stageSql('p')} = ?)::int as revisions_requested
         from research_papers p
         ${stageFactsJoin('p')}
        where p.user_id = ?`,
      [userId, PaperStage.RevisionsRequested, userId],
    );
    return { total: counts?.total ?? 0, published: counts?.published ?? 0, comments: counts?.comments ?? 0, revisionsRequested: counts?.revisions_requested ?? 0 };
  }

  /**
   * Numbers the published papers without a DOI (or the one paper `paperId`) from the sequence:
   * atomic under concurrency, which the ORM cannot say (dois/paper-dois.service.ts). On the repository's
   * manager's connection, inside its transaction when it has one. Returns how many got one.
   */
  async assignDois(doiPrefix: string, suffixStem: string, paperId?: string): Promise<number> {
    const params = [...(paperId ? [paperId] : []), doiPrefix, suffixStem];
    const result = await this.em.getConnection().execute(ASSIGN_DOIS_SQL(paperId !== undefined), params, 'run', this.em.getTransactionContext());
    return (result as { affectedRows?: number }).affectedRows ?? 0;
  }
}
