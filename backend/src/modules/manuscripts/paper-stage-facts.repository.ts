import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { PaperStatus } from './entities/paper-status.js';
import { type PaperStageFacts, STAGE_RULES, type StageQuestion, type StageRule } from './paper-stage.js';

/**
 * The facts a paper's stage is derived from (paper-stage.ts), read with the paper in the same
 * statement. Read-only on `paper_reviews` and `revision_requests`, whose owner is the review
 * module: it imports this one, so this one reads them here rather than asking it, and the ORM
 * cannot, without the review module's entities.
 */

/** The columns a paper read adds to select its stage's facts (after STAGE_FACTS_JOIN). */
export const STAGE_FACT_COLUMNS = 'stage_facts.live_reviews, stage_facts.submitted_reviews, stage_facts.declined_reviews, stage_facts.revision_due_at';

/**
 * One lateral read per paper (`paper` is the alias of its research_papers row): the current
 * round's assignments on paper_reviews_paper_round_index, the open request on
 * revision_requests_open_unique.
 */
export function stageFactsJoin(paper: string): string {
  return `cross join lateral (
    select count(*) filter (where r.status <> 'declined')::int as live_reviews,
           count(*) filter (where r.status = 'submitted')::int as submitted_reviews,
           count(*) filter (where r.status = 'declined')::int as declined_reviews,
           (select q.due_at from revision_requests q where q.paper_id = ${paper}.id and q.responded_at is null) as revision_due_at
      from paper_reviews r
     where r.paper_id = ${paper}.id and r.round = ${paper}.round
  ) stage_facts`;
}

/** STAGE_ANSWERS (paper-stage.ts) in SQL: the same questions, the same answers. */
const STAGE_ANSWERS_SQL = (paper: string): { readonly [Q in StageQuestion]: string } => ({
  revisionOpen: 'stage_facts.revision_due_at is not null',
  reviewerAssigned: 'stage_facts.live_reviews > 0',
  laterRound: `${paper}.round > 1`,
  declinedInRound: 'stage_facts.declined_reviews > 0',
});

function ruleSql(rule: StageRule, paper: string): string {
  const answers = STAGE_ANSWERS_SQL(paper);
  // The statuses are the enum's own constants, never input.
  const conditions = [`${paper}.status in (${rule.statuses.map((status) => `'${status}'`).join(', ')})`];
  for (const [question, answer] of Object.entries(rule.asks ?? {})) {
    conditions.push(`(${answers[question as StageQuestion]}) is ${answer ? 'true' : 'false'}`);
  }
  return conditions.join(' and ');
}

/** The paper's stage in SQL, from STAGE_RULES in their order: what stageOf answers, for a filter. */
export function stageSql(paper: string): string {
  return `case ${STAGE_RULES.map((rule) => `when ${ruleSql(rule, paper)} then '${rule.stage}'`).join(' ')} end`;
}

/** The stage facts' columns as a read returns them. */
export interface StageFactColumns {
  status: PaperStatus;
  round: number;
  live_reviews: number;
  submitted_reviews: number;
  declined_reviews: number;
  revision_due_at: Date | string | null;
}

export function stageFactsOf(row: StageFactColumns): PaperStageFacts {
  return {
    status: row.status,
    round: Number(row.round),
    liveReviews: Number(row.live_reviews),
    submittedReviews: Number(row.submitted_reviews),
    declinedReviews: Number(row.declined_reviews),
    revisionDueAt: row.revision_due_at === null ? null : new Date(row.revision_due_at),
  };
}

/** One paper's stage facts, for its page; the lists read them in their own statements. */
@Injectable()
export class PaperStageFactsRepository {
  constructor(private readonly em: EntityManager) {}

  async factsOf(paperId: string): Promise<PaperStageFacts | null> {
    const [row] = await this.em.getConnection().execute<StageFactColumns[]>(
      `select p.status, p.round, ${STAGE_FACT_COLUMNS}
         from research_papers p
         ${stageFactsJoin('p')}
        where p.id = ?`,
      [paperId],
    );
    return row ? stageFactsOf(row) : null;
  }
}
