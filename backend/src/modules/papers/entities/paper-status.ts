/** The statuses a paper can have (spec section 4, "Paper status"). */
export enum PaperStatus {
  Submitted = 'submitted',
  UnderReview = 'under_review',
  Accepted = 'accepted',
  Published = 'published',
  Rejected = 'rejected',
}

export const PAPER_STATUSES = Object.values(PaperStatus);

/** The progress bar of My Submissions and the dashboard (spec section 4). */
export function progressOf(status: string): number {
  switch (status as PaperStatus) {
    case PaperStatus.Submitted:
      return 25;
    case PaperStatus.UnderReview:
      return 50;
    case PaperStatus.Accepted:
      return 75;
    case PaperStatus.Published:
      return 100;
    case PaperStatus.Rejected:
      return 0;
    default:
      return 0;
  }
}
