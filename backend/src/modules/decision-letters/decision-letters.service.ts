import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { anonymousReviewerLabels } from '../../common/access/review-redaction.js';
import { composeDecisionLetter, type LetterDecision, type LetterReview } from '../../common/web-shared/decision-letter.js';
import { DecisionLettersException } from './decision-letters.exception.js';
import { LetterReviewsRepository } from './letter-reviews.repository.js';

/** What the editors chose to tell the author with a decision or a revision request. */
export interface LetterChoice {
  decision: LetterDecision;
  editorNote?: string | null;
  sharedReviewIds?: readonly string[];
  /** Quote the reviews' text; default true. */
  shareText?: boolean;
  /** Quote the reviews' rubric scores and comments; default true. */
  shareCriteria?: boolean;
}

/**
 * Told, inside a decision's transaction, which reviews its letter quotes. The review module owns
 * the reviews and registers one: what a letter quoted, the author may read on the paper's page too.
 */
export type ReviewsQuotedListener = (tx: EntityManager, paperId: string, reviewIds: readonly string[]) => Promise<void>;

/**
 * The decision letter from the paper's reviews: the preview the editors read before sending, and
 * the text the decision and revision-request e-mails carry, composed the same way.
 */
@Injectable()
export class DecisionLettersService {
  private readonly quotedListeners: ReviewsQuotedListener[] = [];

  constructor(
    private readonly em: EntityManager,
    private readonly reviews: LetterReviewsRepository,
  ) {}

  /** The review module's hook (this module cannot import it: review imports this one). */
  onReviewsQuoted(listener: ReviewsQuotedListener): void {
    this.quotedListeners.push(listener);
  }

  /** A decision's letter went with its transaction, quoting these reviews (its text and scores). */
  async reviewsQuoted(tx: EntityManager, paperId: string, reviewIds: readonly string[]): Promise<void> {
    if (reviewIds.length === 0) return;
    for (const listener of this.quotedListeners) await listener(tx, paperId, reviewIds);
  }

  /**
   * The letter's text and the reviews it quotes. Shared reviews must be submitted reviews of the
   * paper's current round (a review from elsewhere is refused, not silently left out). Without a
   * choice, a decision quotes none and a revision request every submitted review of the round
   * (with one reviewer per round, the round's review, as before letters). On the caller's
   * transaction when given.
   */
  async letterFor(paper: { id: string; round: number }, choice: LetterChoice, tx?: EntityManager): Promise<{ letter: string; sharedReviewIds: string[] }> {
    const all = await this.reviews.reviewsOf(paper.id, tx ?? this.em);
    const shareable = new Map(all.filter((review) => review.submitted && review.round === paper.round).map((review) => [review.id, review]));
    const revision = choice.decision === 'minor_revisions' || choice.decision === 'major_revisions';
    const ids = [...new Set(choice.sharedReviewIds ?? (revision ? [...shareable.keys()] : []))];
    if (ids.some((id) => !shareable.has(id))) throw new DecisionLettersException('reviewNotShareable');
    const labels = anonymousReviewerLabels(all);
    const shareText = choice.shareText ?? true;
    const shareCriteria = choice.shareCriteria ?? true;
    // In the reviewers' numbering, not the order the editor ticked them.
    const shared: LetterReview[] = all
      .filter((review) => ids.includes(review.id))
      .map((review) => ({
        label: labels.get(review.reviewerId) ?? 'Reviewer',
        round: review.round,
        text: shareText ? review.text : null,
        criteria: shareCriteria ? review.criteria : [],
      }));
    return { letter: composeDecisionLetter({ decision: choice.decision, editorNote: choice.editorNote, sharedReviews: shared }), sharedReviewIds: ids };
  }
}
