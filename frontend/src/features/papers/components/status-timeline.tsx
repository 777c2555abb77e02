import { History } from 'lucide-react';
import { type PaperStatusEvent } from '@/shared/api';
import { formatDateTime } from '@/shared/lib/format-date';
import { PaperStatusBadge, SectionCard, Spinner } from '@/shared/ui';
import { useGetStatusHistoryQuery } from '../api/papers-api';

export const STATUS_HISTORY_LOAD_ERROR = 'Failed to load the status history. Please try again later.';

/** Who made a change, as the viewer should read it. */
export function statusEventActor(event: PaperStatusEvent, viewerIsOwner: boolean): string {
  if (event.changedBy === 'author') return viewerIsOwner ? 'You' : 'Author';
  if (event.changedBy === 'reviewer') return event.changedByName ?? 'A reviewer';
  return event.changedByName ? `Editorial Team (${event.changedByName})` : 'Editorial Team';
}

/**
 * A step of the review in words. The author reads no reviewer's name (the server sends none),
 * so an assignment or a decline names the reviewer only to the editors.
 */
export function reviewEventText(event: PaperStatusEvent, viewerIsOwner: boolean): string {
  const round = `round ${event.round ?? 1}`;
  const by = statusEventActor(event, viewerIsOwner);
  switch (event.kind) {
    case 'revisions_requested':
      return `Revisions requested in ${round} by ${by}`;
    case 'revision_submitted':
      return `Revised paper sent by ${by}, opening ${round}`;
    case 'reviewer_assigned':
      return event.reviewerName ? `Reviewer ${event.reviewerName} assigned for ${round} by ${by}` : `Reviewer assigned for ${round} by ${by}`;
    case 'review_declined':
      return `${event.reviewerName ?? 'A reviewer'} declined to review ${round}`;
    case 'status_changed':
      return `${event.fromStatus === null ? 'Submitted by ' : 'Changed by '}${by}`;
  }
}

/** The paper's status changes and the steps of its review, oldest first (the submission first); for its owner and admins. */
export function StatusTimeline({ paperId, viewerIsOwner }: { paperId: string; viewerIsOwner: boolean }) {
  const { data: events, isLoading, isError } = useGetStatusHistoryQuery(paperId);

  return (
    <SectionCard
      titleId="status-history-title"
      title="Status history"
      icon={History}
      description="Every status this paper has had and each step of its review, from its submission on."
    >
      {isLoading ? (
        <Spinner label="Loading status history" />
      ) : isError ? (
        <p role="alert" className="text-sm text-red-800">
          {STATUS_HISTORY_LOAD_ERROR}
        </p>
      ) : !events || events.length === 0 ? (
        <p className="text-sm text-slate-600">No status changes yet.</p>
      ) : (
        <ol aria-label="Status history" className="relative grid gap-4 border-l border-slate-200 pl-6">
          {events.map((event) => (
            <li key={event.id} className="relative">
              <span
                className="absolute -left-[1.95rem] top-1 h-3 w-3 rounded-full border-2 border-white bg-indigo-500"
                aria-hidden="true"
              />
              <div className="flex flex-wrap items-center gap-2">
                {event.kind === 'status_changed' && event.toStatus ? (
                  <>
                    <PaperStatusBadge status={event.toStatus} />
                    <span className="text-sm text-slate-800">
                      {event.fromStatus === null ? 'Submitted by ' : 'Changed by '}
                      <span className="font-medium">{statusEventActor(event, viewerIsOwner)}</span>
                    </span>
                  </>
                ) : (
                  <span className="text-sm text-slate-800">{reviewEventText(event, viewerIsOwner)}</span>
                )}
              </div>
              <time dateTime={event.changedAt} className="mt-1 block text-xs text-slate-600">
                {formatDateTime(event.changedAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </SectionCard>
  );
}
