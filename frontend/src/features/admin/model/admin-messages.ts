import { type DecisionStatus, type PaperStageName, type PaperStatus, type StatusChanged } from '@/shared/api';
import { paperStageLabels } from '@/shared/lib/paper-stage';
import { paperStatusLabel } from '@/shared/lib/paper-status';
import { type ToastInput } from '@/shared/ui';

export const ADMIN_PAPERS_LOAD_ERROR = 'Failed to load papers. Please try again later.';

/** The empty state of the papers table for a filter (null = all statuses), a search and a stage (null = every stage). */
export function emptyPapersMessage(status: PaperStatus | null, search = '', stage: PaperStageName | null = null): string {
  if (stage !== null) {
    const within = status === null ? '' : ` with status ${paperStatusLabel(status)}`;
    return `No papers${within} at the stage “${paperStageLabels[stage]}”${search ? `, matching “${search}”` : ''}.`;
  }
  if (search) {
    const within = status === null ? '' : ` with status ${paperStatusLabel(status)}`;
    return `No papers${within} match “${search}”.`;
  }
  return status === null ? 'No papers submitted yet.' : `No papers with status ${paperStatusLabel(status)}.`;
}

/** How long the search box waits after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;
export const ADMIN_SEARCH_MAX_LENGTH = 200;

/** The decisions an admin can take on the detail page, in the spec's order. */
export const decisionActions: ReadonlyArray<{ status: DecisionStatus; label: string }> = [
  { status: 'under_review', label: 'Set Under Review' },
  { status: 'accepted', label: 'Accept' },
  { status: 'published', label: 'Publish' },
  { status: 'rejected', label: 'Reject' },
];

/** A decision that e-mails the author a letter (the note and the shared review), previewed before it is sent. */
export const LETTER_DECISIONS = ['accepted', 'rejected'] as const satisfies readonly DecisionStatus[];

export const decisionLetterWords = {
  legend: 'Letter to the author',
  hint: 'Optional. Sent with an acceptance or a rejection; you see the letter before it goes.',
  note: 'Note with the decision',
  shareReview: (authorLabel: string) => `Quote the review (as “${authorLabel}”)`,
  shareReviews: 'Quote these reviews (the author reads each as “Reviewer N”, never the name)',
  confirm: (label: string) => `Send letter and ${label}`,
  back: 'Edit letter',
} as const;

// Spec section 8: 'Status Updated' / 'Paper status changed to {status}', with
// 'Congratulatory email sent to author.' added on accept (when the e-mail was queued).
export function statusUpdatedToast(status: DecisionStatus, result: Pick<StatusChanged, 'notification'>): ToastInput {
  const congratulated = status === 'accepted' && result.notification === 'queued';
  return {
    title: 'Status Updated',
    description: `Paper status changed to ${status}${congratulated ? '. Congratulatory email sent to author.' : ''}`,
  };
}

export const statusUpdateFailedToast = {
  title: 'Error',
  description: 'Failed to update paper status',
  variant: 'destructive',
} as const satisfies ToastInput;
