import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { REVIEW_RECOMMENDATIONS, ReviewStatus } from './review-status.js';

/**
 * A paper's review assignment, which is also the review itself (migration 20261123003000). The
 * paper and the accounts are referenced by id only: they belong to other modules.
 */
const PaperReviewSchema = defineEntity({
  name: 'PaperReview',
  tableName: 'paper_reviews',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    paperId: p.uuid().unique('paper_reviews_paper_id_unique'),
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
  },
});

export class PaperReview extends PaperReviewSchema.class {}
PaperReviewSchema.setClass(PaperReview);
export { PaperReviewSchema };
