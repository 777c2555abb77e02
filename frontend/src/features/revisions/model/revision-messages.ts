import { type ApiError, type RevisionKind, errorToast } from '@/shared/api';
import { type ToastInput } from '@/shared/ui';

export const revisionKindLabels: Record<RevisionKind, string> = {
  minor: 'Minor revisions',
  major: 'Major revisions',
};

/** The server's defaults (review/revisions/revision-requests.service.ts), said in the form. */
export const revisionDueDays: Record<RevisionKind, number> = { minor: 14, major: 30 };

export const revisionToasts = {
  requested: { title: 'Revisions requested', description: 'The author has been told by e-mail.' },
  requestFailed: { title: 'Error', description: 'Failed to request revisions. Please try again.', variant: 'destructive' },
  submitted: { title: 'Revision submitted', description: 'The editors have been told. Your paper is back under review.' },
  submitFailed: { title: 'Error', description: 'Failed to submit the revision. Please try again.', variant: 'destructive' },
} as const satisfies Record<string, ToastInput>;

export function requestErrorToast(error: ApiError): ToastInput {
  return errorToast(error, { title: 'Error', fallback: revisionToasts.requestFailed });
}

export function submitErrorToast(error: ApiError): ToastInput {
  return errorToast(error, { title: 'Error', fallback: revisionToasts.submitFailed });
}
