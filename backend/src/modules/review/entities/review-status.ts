/**
 * The states of a review assignment (spec section 4, "Review assignment"): assigned on creation,
 * in_progress after Save Draft, submitted after Submit Review. Defined ahead of the review module
 * so its entity, DTOs and the web app (frontend/src/shared/lib/review-status.ts) share one list.
 */
export enum ReviewStatus {
  Assigned = 'assigned',
  InProgress = 'in_progress',
  Submitted = 'submitted',
  /** The reviewer declined the assignment, with a reason (issue 18); the paper is assignable again. */
  Declined = 'declined',
}

export const REVIEW_STATUSES = Object.values(ReviewStatus);

/** A reviewer's recommendation (spec section 4); null until chosen. */
export enum ReviewRecommendation {
  Accept = 'accept',
  MinorRevisions = 'minor_revisions',
  MajorRevisions = 'major_revisions',
  Reject = 'reject',
}

export const REVIEW_RECOMMENDATIONS = Object.values(ReviewRecommendation);
