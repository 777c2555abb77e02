import { AppException } from '../../common/http/app.exception.js';
import { type ErrorCase, ErrorCode } from '../../common/http/error-code.js';

/** The review module's cases, each mapped once to its code, status and message (the spec's words where it has them). */
const REVIEW_ERRORS = {
  /** The spec's words for an assignment without a paper or a reviewer. */
  missingFields: { status: 400, code: ErrorCode.ValidationFailed, message: 'Missing required fields' },
  /** The spec's words, for its one reviewer per round; with several, the service names how many (`roundFullMessage`). */
  alreadyAssigned: { status: 409, code: ErrorCode.ReviewAlreadyAssigned, message: 'This paper has already been assigned to a reviewer.' },
  reviewerAlreadyOnPaper: {
    status: 409,
    code: ErrorCode.ReviewReviewerAlreadyOnPaper,
    message: 'This reviewer is already reviewing this paper in its current round. Choose another reviewer.',
  },
  paperNotAssignable: {
    status: 409,
    code: ErrorCode.ReviewPaperNotAssignable,
    message: 'This paper cannot be assigned for review: only submitted papers and papers under review can be.',
  },
  reviewerNotAssignable: {
    status: 409,
    code: ErrorCode.ReviewReviewerNotAssignable,
    message: 'This account is not an assignable reviewer: it needs an accepted invitation and the reviewer role.',
  },
  submitted: { status: 409, code: ErrorCode.ReviewSubmitted, message: 'This review has been submitted and can no longer be changed.' },
  declineReasonMissing: { status: 400, code: ErrorCode.ValidationFailed, message: 'Please tell the editors why you are declining this review.' },
  declined: { status: 409, code: ErrorCode.ReviewDeclined, message: 'The reviewer declined this assignment, so it can no longer be changed.' },
  notSubmitted: { status: 409, code: ErrorCode.ReviewNotSubmitted, message: 'The certificate is available once you have submitted this review.' },
  incomplete: { status: 400, code: ErrorCode.ReviewIncomplete, message: 'Choose a recommendation and write your review before submitting it.' },
  revisionNeedsReview: {
    status: 409,
    code: ErrorCode.RevisionNeedsReview,
    message: "Revisions can be requested once this round's review has been submitted.",
  },
  revisionAlreadyRequested: {
    status: 409,
    code: ErrorCode.RevisionAlreadyRequested,
    message: 'Revisions have already been requested, and the author has not answered yet.',
  },
  revisionNotRequested: { status: 409, code: ErrorCode.RevisionNotRequested, message: 'No revision has been requested for this paper.' },
  responseLetterMissing: { status: 400, code: ErrorCode.ValidationFailed, message: 'Please write a response letter that answers the feedback.' },
  roundNotFound: { status: 404, code: ErrorCode.NotFound, message: 'Review round not found' },
  /** The service writes when the next manual reminder may go. */
  reminderTooSoon: { status: 409, code: ErrorCode.ReviewReminderTooSoon, message: 'The reviewer was reminded less than a day ago.' },
  /** Unknown, withdrawn, declined (for its reviewer), or not the caller's to see: one answer. */
  notFound: { status: 404, code: ErrorCode.NotFound, message: 'Review not found' },
} as const satisfies Record<string, ErrorCase>;

export type ReviewError = keyof typeof REVIEW_ERRORS;

/** Why a round takes no more reviewers: the spec's sentence when a round has one, else how many it has. */
export function roundFullMessage(reviewersPerRound: number): string | undefined {
  return reviewersPerRound === 1 ? undefined : `This round already has its ${reviewersPerRound} reviewers. Withdraw one to assign another.`;
}

export class ReviewException extends AppException {
  constructor(
    readonly error: ReviewError,
    message?: string,
  ) {
    super(REVIEW_ERRORS[error], message);
  }
}
