import { PAPER_PROGRESS } from '@journal/web-shared/paper-progress';
import { type PaperStatus } from '@/shared/api';

// A paper's statuses as the spec shows them (section 4), defined once: the label of badges,
// filters and tiles, the badge colour and the review progress (the server's own numbers). Keyed by
// the API's own enum, so a status added to (or dropped from) the API fails the type-check here.
// Key order is the spec's.

export type StatusTone = 'yellow' | 'blue' | 'green' | 'red' | 'gray';

export const paperStatusDetails: Record<PaperStatus, { label: string; tone: StatusTone }> = {
  submitted: { label: 'Submitted', tone: 'yellow' },
  under_review: { label: 'Under Review', tone: 'blue' },
  accepted: { label: 'Accepted', tone: 'green' },
  published: { label: 'Published', tone: 'green' },
  rejected: { label: 'Rejected', tone: 'red' },
};

// The server's table covers every status of the API: a status missing from it fails the type-check.
const progressOfEveryStatus: Record<PaperStatus, number> = PAPER_PROGRESS;

export const paperStatuses = Object.keys(paperStatusDetails) as PaperStatus[];

export function isPaperStatus(value: string): value is PaperStatus {
  return Object.hasOwn(paperStatusDetails, value);
}

/** A status the spec does not list (the assignment list's in_review, say) is gray, 0 %, and titled from its words. */
export function paperStatusDetail(status: string): { label: string; tone: StatusTone; progress: number } {
  if (isPaperStatus(status)) return { ...paperStatusDetails[status], progress: progressOfEveryStatus[status] };
  const label = status
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
  return { label, tone: 'gray', progress: 0 };
}

export function paperStatusLabel(status: string): string {
  return paperStatusDetail(status).label;
}

export function paperProgress(status: string): number {
  return paperStatusDetail(status).progress;
}
