import { PAPER_PROGRESS } from '../../../common/web-shared/paper-progress.js';

/** The statuses a paper can have (spec section 4, "Paper status"). */
export enum PaperStatus {
  Submitted = 'submitted',
  UnderReview = 'under_review',
  Accepted = 'accepted',
  Published = 'published',
  Rejected = 'rejected',
}

export const PAPER_STATUSES = Object.values(PaperStatus);

/**
 * The progress bar of My Submissions and the dashboard (spec section 4), one number per status;
 * the table is the web app's too. Typed by the enum, so a status missing from it fails the build.
 */
const PROGRESS: Record<PaperStatus, number> = PAPER_PROGRESS;

/** A status the spec does not list (the assignment list's in_review) is 0. */
export function progressOf(status: string): number {
  return Object.hasOwn(PROGRESS, status) ? PROGRESS[status as PaperStatus] : 0;
}
