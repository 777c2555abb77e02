import { History } from 'lucide-react';
import { type PaperStatusEvent } from '@/shared/api';
import { formatDateTime } from '@/shared/lib/format-date';
import { PaperStatusBadge, SectionCard, Spinner } from '@/shared/ui';
import { useGetStatusHistoryQuery } from '../api/papers-api';

export const STATUS_HISTORY_LOAD_ERROR = 'Failed to load the status history. Please try again later.';

/** Who made a change, as the viewer should read it. */
export function statusEventActor(event: PaperStatusEvent, viewerIsOwner: boolean): string {
  if (event.changedBy === 'author') return viewerIsOwner ? 'You' : 'Author';
  return event.changedByName ? `Editorial Team (${event.changedByName})` : 'Editorial Team';
}

/** The paper's status changes, oldest first (the submission first); for its owner and admins. */
export function StatusTimeline({ paperId, viewerIsOwner }: { paperId: string; viewerIsOwner: boolean }) {
  const { data: events, isLoading, isError } = useGetStatusHistoryQuery(paperId);

  return (
    <SectionCard
      titleId="status-history-title"
      title="Status history"
      icon={History}
      description="Every status this paper has had, from its submission on."
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
                <PaperStatusBadge status={event.toStatus} />
                <span className="text-sm text-slate-800">
                  {event.fromStatus === null ? 'Submitted by ' : 'Changed by '}
                  <span className="font-medium">{statusEventActor(event, viewerIsOwner)}</span>
                </span>
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
