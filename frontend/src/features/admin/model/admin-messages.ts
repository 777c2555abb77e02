import { type DecisionStatus, type PaperStatus, type StatusChanged } from '@/shared/api';
import { type ToastInput } from '@/shared/ui';

export const ADMIN_PAPERS_LOAD_ERROR = 'Failed to load papers. Please try again later.';

/** The five statuses in the order of the spec, with the labels the badges use. */
export const statusLabels: Record<PaperStatus, string> = {
  submitted: 'Submitted',
  under_review: 'Under Review',
  accepted: 'Accepted',
  published: 'Published',
  rejected: 'Rejected',
};

export const paperStatuses = Object.keys(statusLabels) as PaperStatus[];

/** The empty state of the papers table for a filter (null = all statuses). */
export function emptyPapersMessage(status: PaperStatus | null): string {
  return status === null ? 'No papers submitted yet.' : `No papers with status ${statusLabels[status]}.`;
}

/** The decisions an admin can take on the detail page, in the spec's order. */
export const decisionActions: ReadonlyArray<{ status: DecisionStatus; label: string }> = [
  { status: 'under_review', label: 'Set Under Review' },
  { status: 'accepted', label: 'Accept' },
  { status: 'published', label: 'Publish' },
  { status: 'rejected', label: 'Reject' },
];

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
