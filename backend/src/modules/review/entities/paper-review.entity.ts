import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import type { StoredReviewCriterion } from '../../rubric/stored-review-criterion.js';
import { REVIEW_RECOMMENDATIONS, ReviewStatus } from './review-status.js';

/**
 * A paper's review assignment, which is also the review itself (migrations 20261123003000 and 20261129001000). The
 * paper and the accounts are referenced by id only: they belong to other modules.
 */
const PaperReviewSchema = defineEntity({
  name: 'PaperReview',
  tableName: 'paper_reviews',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    /** Up to REVIEWERS_PER_ROUND standing (not declined) assignments per paper and round, one per reviewer (paper_reviews_active_reviewer_unique). */
    paperId: p.uuid(),
    /** The paper's review round this assignment belongs to (1 at submission, one more per answered revision request). */
    round: p.integer().default(1),
    reviewerId: p.uuid(),
    assignedBy: p.uuid().nullable(),
    status: p.enum(() => ReviewStatus).default(ReviewStatus.Assigned),
    recommendation: p.enum(REVIEW_RECOMMENDATIONS).nullable(),
    reviewContent: p.text().default(''),
    assignedAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
    submittedAt: p.datetime().nullable(),
    /** Chosen by the service at assignment (REVIEW_DUE_DAYS or the editor's date); the table has no default. */
    dueAt: p.datetime(),
    declinedAt: p.datetime().nullable(),
    /** Required when declining; shown to the editors only. */
    declineReason: p.text().nullable(),
    /** The rubric's scores (migration 20261129002000): a draft's as given, a submitted review's snapshot of the rubric; null before any. */
    criteria: p.json<StoredReviewCriterion[]>().nullable(),
    /** The editor shares the review's text with the paper's author. */
    shareText: p.boolean().default(false),
    /** The editor shares the rubric's scores and comments with the paper's author. */
    shareCriteria: p.boolean().default(false),
  },
});

export class PaperReview extends PaperReviewSchema.class {}
PaperReviewSchema.setClass(PaperReview);
export { PaperReviewSchema };
