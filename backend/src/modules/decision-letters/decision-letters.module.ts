import { Module } from '@nestjs/common';
import { DecisionLettersService } from './decision-letters.service.js';
import { LetterReviewsRepository } from './letter-reviews.repository.js';

/**
 * The decision letter from a paper's reviews, for the decisions (manuscripts) and the revision
 * requests (review), which both import it. Owns no table: it reads `paper_reviews`, read-only.
 */
@Module({
  providers: [DecisionLettersService, LetterReviewsRepository],
  exports: [DecisionLettersService],
})
export class DecisionLettersModule {}
