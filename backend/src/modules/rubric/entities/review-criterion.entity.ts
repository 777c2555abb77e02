import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { ReviewCriterionRepository } from './review-criterion.repository.js';

/**
 * One criterion of the current review rubric (migration 20261129002000). Names are unique ignoring
 * case: a review's scores are matched to the rubric by name.
 */
const ReviewCriterionSchema = defineEntity({
  name: 'ReviewCriterion',
  tableName: 'review_criteria',
  repository: () => ReviewCriterionRepository,
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    /** The order reviewers see, from 0. */
    position: p.integer(),
    name: p.text(),
    /** One line for the reviewer: what to look for, said for high-school work. */
    hint: p.text().default(''),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()),
  },
});

export class ReviewCriterion extends ReviewCriterionSchema.class {}
ReviewCriterionSchema.setClass(ReviewCriterion);
export { ReviewCriterionSchema };
