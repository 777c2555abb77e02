/** The statuses a paper can have (spec section 4, "Paper status"). */
export enum PaperStatus {
  Submitted = 'submitted',
  UnderReview = 'under_review',
  Accepted = 'accepted',
  Published = 'published',
  Rejected = 'rejected',
}

export const PAPER_STATUSES = Object.values(PaperStatus);

/** The progress bar of My Submissions and the dashboard (spec section 4), one number per status. */
const PROGRESS: Record<PaperStatus, number> = {
  [PaperStatus.Submitted]: 25,
  [PaperStatus.UnderReview]: 50,
  [PaperStatus.Accepted]: 75,
  [PaperStatus.Published]: 100,
  [PaperStatus.Rejected]: 0,
};

/** A status the spec does not list (the assignment list's in_review) is 0. */
export function progressOf(status: string): number {
  return PROGRESS[status as PaperStatus] ?? 0;
}
