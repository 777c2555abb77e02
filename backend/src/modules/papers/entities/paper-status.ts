/** The statuses a paper can have (spec section 4, "Paper status"). */
export enum PaperStatus {
  Submitted = 'submitted',
  UnderReview = 'under_review',
  Accepted = 'accepted',
  Published = 'published',
  Rejected = 'rejected',
}

export const PAPER_STATUSES = Object.values(PaperStatus);
