import { Permission } from './permission.js';

/**
 * What each reader of a paper's review rounds sees of the reviews, beside the policy that decides
 * who may read the rounds at all (`paper.readRounds`). The editors see everything; the author
 * only the submitted reviews' parts the editors shared, the reviewers unnamed; a reviewer the
 * rounds before their own, every submitted review in them, others' unnamed and without their
 * recommendation.
 */

/** How the caller reads the rounds: from the paper's grants, and for a reviewer the latest round they review. */
export type RoundsReader = { kind: 'editor' } | { kind: 'author' } | { kind: 'reviewer'; id: string; lastRound: number };

/**
 * The editors are those who read every review of the paper; the author is the one who answers
 * revision requests; anyone else the policy lets read the rounds reviews the paper (the caller
 * then looks up the latest round they review).
 */
export function readerKindOf(grants: ReadonlySet<Permission>): 'editor' | 'author' | 'reviewer' {
  if (grants.has(Permission.PaperReadReviews)) return 'editor';
  if (grants.has(Permission.PaperSubmitRevision)) return 'author';
  return 'reviewer';
}

/** The last round the reader sees (its PDF too): a reviewer's own latest round, everyone else's the paper's current one. */
export function lastVisibleRound(reader: RoundsReader, currentRound: number): number {
  return reader.kind === 'reviewer' ? reader.lastRound : currentRound;
}

/** A reviewer's own round is on their review page, so the rounds list shows them no review of it. */
export function showsReviewsOf(reader: RoundsReader, round: number): boolean {
  return !(reader.kind === 'reviewer' && round === reader.lastRound);
}

/** The facts about one review (one assignment) that decide what a reader sees of it. */
export interface ReviewFacts {
  reviewerId: string;
  submitted: boolean;
  /** The editors shared the review's text with the author. */
  shareText: boolean;
  /** The editors shared the review's rubric scores with the author. */
  shareCriteria: boolean;
}

/** Which parts of a review the reader sees; a part not seen is sent empty (null, or no criteria). */
export interface ReviewDisclosure {
  /** The reviewer's name; otherwise "Reviewer 1", "Reviewer 2"… */
  reviewerName: boolean;
  /** The reader wrote it. */
  mine: boolean;
  recommendation: boolean;
  text: boolean;
  criteria: boolean;
  declineReason: boolean;
  /** The review's id and the name the author reads it by: what choosing the reviews to share needs. */
  sharing: boolean;
}

/** What the reader sees of the review, or null when it is not shown to them at all. */
export function disclosureOf(reader: RoundsReader, review: ReviewFacts): ReviewDisclosure | null {
  switch (reader.kind) {
    case 'editor':
      return { reviewerName: true, mine: false, recommendation: true, text: true, criteria: true, declineReason: true, sharing: true };
    case 'author':
      if (!isSharedWithAuthor(review)) return null;
      return { reviewerName: false, mine: false, recommendation: false, text: review.shareText, criteria: review.shareCriteria, declineReason: false, sharing: false };
    case 'reviewer': {
      if (!review.submitted) return null;
      const mine = review.reviewerId === reader.id;
      return { reviewerName: mine, mine, recommendation: mine, text: true, criteria: true, declineReason: false, sharing: false };
    }
  }
}

/**
 * The names the author (and other reviewers) read for the reviewers of a paper: "Reviewer 1",
 * "Reviewer 2"… in the order their first submitted reviews were assigned, the same in every round
 * and in every place that shows them (the rounds, the decision letter). `reviews` in assignment
 * order (round, assigned_at, id).
 */
export function anonymousReviewerLabels(reviews: readonly { reviewerId: string; submitted: boolean }[]): Map<string, string> {
  const labels = new Map<string, string>();
  for (const review of reviews) {
    if (review.submitted && !labels.has(review.reviewerId)) labels.set(review.reviewerId, `Reviewer ${labels.size + 1}`);
  }
  return labels;
}

/** A submitted review the editors shared some part of. */
export function isSharedWithAuthor(review: ReviewFacts): boolean {
  return review.submitted && (review.shareText || review.shareCriteria);
}

/**
 * Whether a paper's timeline names people to the reader: who made each change, and which reviewer
 * was assigned or declined. The editors (who read every review, named) see names; the author reads
 * "the editorial team" and "a reviewer", as their reviews are unnamed to them.
 */
export function timelineNamesPeople(grants: ReadonlySet<Permission>): boolean {
  return readerKindOf(grants) === 'editor';
}
