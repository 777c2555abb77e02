import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { LetterCriterion } from '../../common/web-shared/decision-letter.js';

/** A paper's review as the letter needs it; the reviewer only as an id, to number them. */
export interface LetterReviewRow {
  id: string;
  reviewerId: string;
  round: number;
  submitted: boolean;
  text: string;
  criteria: LetterCriterion[];
}

interface StoredRow {
  id: string;
  reviewer_id: string;
  round: number;
  status: string;
  review_content: string | null;
  criteria: { name: string; score?: number | null; comment?: string | null }[] | null;
}

/**
 * The reviews a decision letter may quote, read here because the review module imports this one
 * and not the other way round: read-only on `paper_reviews` (its owner is the review module).
 */
@Injectable()
export class LetterReviewsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Every review of the paper in assignment order (round, assigned_at, id), the order reviewers are numbered in. */
  async reviewsOf(paperId: string, tx?: EntityManager): Promise<LetterReviewRow[]> {
    const rows = await (tx ?? this.em).execute<StoredRow[]>(
      `select id, reviewer_id, round, status, review_content, criteria
         from paper_reviews where paper_id = ?::uuid order by round, assigned_at, id`,
      [paperId],
    );
    return rows.map((row) => ({
      id: row.id,
      reviewerId: row.reviewer_id,
      round: row.round,
      submitted: row.status === 'submitted',
      text: row.review_content ?? '',
      criteria: (row.criteria ?? []).map(({ name, score, comment }) => ({ name, score: score ?? null, comment: comment ?? '' })),
    }));
  }
}
