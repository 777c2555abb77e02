import { type ApiError, errorToast } from '@/shared/api';
import { type ToastInput } from '@/shared/ui';

// The spec's words for assignment and reviews (section 8); what each API error code says is in
// the shared table (error-messages.ts).

export const reviewToasts = {
  assigned: { title: 'Paper Assigned', description: 'Paper has been successfully assigned to the reviewer.' },
  assignFailed: { title: 'Error', description: 'Failed to assign paper to reviewer. Please try again.', variant: 'destructive' },
  saved: { title: 'Review saved' },
  saveFailed: { title: 'Failed to save review', variant: 'destructive' },
  submitted: { title: 'Review submitted', description: 'Thank you. The editors have been told.' },
  submitFailed: { title: 'Error', description: 'Failed to submit the review. Please try again.', variant: 'destructive' },
  withdrawn: { title: 'Assignment withdrawn', description: 'The reviewer has been told by e-mail.' },
  withdrawFailed: { title: 'Error', description: 'Failed to withdraw the assignment. Please try again.', variant: 'destructive' },
  dueDateChanged: { title: 'Due date changed' },
  dueDateFailed: { title: 'Error', description: 'Failed to change the due date. Please try again.', variant: 'destructive' },
  reminderSent: { title: 'Reminder sent', description: 'The reviewer has been e-mailed a reminder of the due date.' },
  reminderFailed: { title: 'Error', description: 'Failed to send the reminder. Please try again.', variant: 'destructive' },
  declined: { title: 'Review declined', description: 'You declined the review. The editors have been told.' },
  declineFailed: { title: 'Error', description: 'Failed to decline the review. Please try again.', variant: 'destructive' },
} as const satisfies Record<string, ToastInput>;

/** A paper assigned meanwhile, a missing field or a reviewer no longer eligible: the server's clear message; anything else the spec's fallback. */
export function assignErrorToast(error: ApiError): ToastInput {
  return errorToast(error, { title: 'Error', fallback: reviewToasts.assignFailed });
}

export function withdrawErrorToast(error: ApiError): ToastInput {
  return errorToast(error, { title: 'Error', fallback: reviewToasts.withdrawFailed });
}

/** A date too far ahead or a review submitted meanwhile: the server's clear message. */
export function dueDateErrorToast(error: ApiError): ToastInput {
  return errorToast(error, { title: 'Error', fallback: reviewToasts.dueDateFailed });
}

/** A reminder sent less than a day ago (saying when the next may go), or a review submitted meanwhile: the server's clear message. */
export function reminderErrorToast(error: ApiError): ToastInput {
  return errorToast(error, { title: 'Error', fallback: reviewToasts.reminderFailed });
}

/** A blank or too long reason, or a review submitted meanwhile: the server's clear message. */
export function declineErrorToast(error: ApiError): ToastInput {
  return errorToast(error, { title: 'Error', fallback: reviewToasts.declineFailed });
}

export function submitErrorToast(error: ApiError): ToastInput {
  return errorToast(error, { title: 'Error', fallback: reviewToasts.submitFailed });
}

export const rubricToasts = {
  saved: { title: 'Rubric saved', description: 'Reviews not yet submitted now use it; submitted reviews keep their criteria.' },
  saveFailed: { title: 'Error', description: 'Failed to save the rubric. Please try again.', variant: 'destructive' },
} as const satisfies Record<string, ToastInput>;

export const ASSIGNMENT_STRINGS = {
  noPapers: 'No papers available for assignment',
  noReviewers: 'No reviewers available for assignment',
  loadingReviewers: 'Loading reviewers...',
  reviewersError: (message: string) => `Error loading reviewers: ${message}`,
  noAssignments: 'No papers assigned yet.',
  noReviews: 'No papers assigned for review yet.',
} as const;

/** The Reviewers card on a paper's page (its editors'). */
export const PAPER_REVIEWERS_STRINGS = {
  description: 'Assign a reviewer for the current round, move a due date, send a reminder or withdraw an assignment.',
  notAssignable: 'No reviewer can be assigned now: the current round has all its reviewers, or the paper is not submitted or under review.',
  places: (round: number, assigned: number, wanted: number) => `Round ${round} has ${assigned} of its ${wanted} reviewers. Assign another here.`,
  assignableError: 'Whether this paper can take a reviewer could not be loaded.',
  noAssignments: 'No reviewer has been assigned to this paper yet.',
} as const;
