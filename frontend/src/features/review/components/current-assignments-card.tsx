import { ListChecks } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { type ReviewAssignment, toApiError } from '@/shared/api';
import { paths } from '@/shared/config/paths';
import { formatDate } from '@/shared/lib/format-date';
import { Button, SectionCard, Spinner, TextField, useToast } from '@/shared/ui';
import { useChangeReviewDueDateMutation, useGetReviewAssignmentsQuery, useSendReviewReminderMutation, useWithdrawReviewMutation } from '../api/review-api';
import { dueDay, dueDayBounds, endOfDay } from '../model/due-date';
import { roundLabels } from '../model/round-label';
import { ASSIGNMENT_STRINGS, dueDateErrorToast, reminderErrorToast, reviewToasts, withdrawErrorToast } from '../model/review-messages';
import { ReviewDueDate } from './review-due-date';
import { ReviewStatusBadge } from './review-status-badge';

/** Every assignment, newest first (the server's order), with a withdraw for those still open; a declined one shows its reason. */
export function CurrentAssignmentsCard() {
  const { data, isLoading, isError } = useGetReviewAssignmentsQuery();
  const labels = roundLabels(data ?? []);
  return (
    <SectionCard title="Current Assignments" icon={ListChecks} description="Papers out for review, newest assignment first.">
      {isLoading ? (
        <Spinner size="sm" label="Loading assignments" />
      ) : isError || !data ? (
        <p role="alert" className="text-sm text-red-800">
          The assignments could not be loaded.
        </p>
      ) : data.length === 0 ? (
        <p className="text-sm text-slate-600">{ASSIGNMENT_STRINGS.noAssignments}</p>
      ) : (
        <ul aria-label="Current assignments" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {data.map((assignment) => (
            <AssignmentRow key={assignment.id} assignment={assignment} roundLabel={labels.get(assignment.id) ?? null} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function AssignmentRow({ assignment, roundLabel }: { assignment: ReviewAssignment; roundLabel: string | null }) {
  const [withdraw, { isLoading }] = useWithdrawReviewMutation();
  const { toast } = useToast();

  const onWithdraw = async () => {
    if (!window.confirm(`Withdraw the review of "${assignment.paperTitle}" from ${assignment.reviewerName}?`)) return;
    try {
      await withdraw(assignment.id).unwrap();
      toast(reviewToasts.withdrawn);
    } catch (error) {
      toast(withdrawErrorToast(toApiError(error)));
    }
  };
  // A submitted review is history, and a declined one the reviewer gave back: neither can be changed.
  const open = assignment.status !== 'submitted' && assignment.status !== 'declined';
  const declined = assignment.status === 'declined';

  return (
    <li className="flex flex-wrap items-start justify-between gap-3 px-3 py-3 text-sm">
      <div className="grid gap-1">
        <Link to={paths.paper.getHref(assignment.paperId)} className="font-medium text-indigo-700 hover:underline">
          {assignment.paperTitle}
        </Link>
        <span className="text-slate-600">
          {roundLabel && <span className="mr-2 font-medium text-indigo-800">{roundLabel}</span>}
          {assignment.category}
        </span>
        <span className="text-slate-700">Reviewer: {assignment.reviewerName}</span>
        <span className="flex flex-wrap gap-3 text-slate-600">
          <span>Assigned {formatDate(assignment.assignedAt)}</span>
          {!declined && <ReviewDueDate dueAt={assignment.dueAt} overdue={assignment.overdue} />}
          {assignment.submittedAt && <span>Submitted {formatDate(assignment.submittedAt)}</span>}
          {assignment.declinedAt && <span>Declined {formatDate(assignment.declinedAt)}</span>}
          {assignment.lastReminderAt && <span>Last reminded {formatDate(assignment.lastReminderAt)}</span>}
        </span>
        {declined && assignment.declineReason && <p className="whitespace-pre-line break-words text-slate-700">Reason: {assignment.declineReason}</p>}
        {open && <DueDateForm assignment={assignment} />}
      </div>
      <div className="flex items-center gap-3">
        <ReviewStatusBadge status={assignment.status} />
        {open && <ReminderButton assignment={assignment} />}
        {open && (
          <Button
            variant="outline"
            size="sm"
            isLoading={isLoading}
            aria-label={`Withdraw ${assignment.paperTitle}`}
            onClick={() => void onWithdraw()}
          >
            Withdraw
          </Button>
        )}
      </div>
    </li>
  );
}

/** E-mails the reviewer a reminder of the due date; the server allows one a day and says when the next may go. */
function ReminderButton({ assignment }: { assignment: ReviewAssignment }) {
  const [send, { isLoading }] = useSendReviewReminderMutation();
  const { toast } = useToast();

  const onSend = async () => {
    try {
      await send(assignment.id).unwrap();
      toast(reviewToasts.reminderSent);
    } catch (error) {
      toast(reminderErrorToast(toApiError(error)));
    }
  };

  return (
    <Button variant="outline" size="sm" isLoading={isLoading} aria-label={`Send reminder for ${assignment.paperTitle}`} onClick={() => void onSend()}>
      Send reminder
    </Button>
  );
}

function DueDateForm({ assignment }: { assignment: ReviewAssignment }) {
  const [day, setDay] = useState(dueDay(assignment.dueAt));
  const [change, { isLoading }] = useChangeReviewDueDateMutation();
  const { toast } = useToast();
  // The bounds of the picker, fixed when the row appears; the server checks against its own clock anyway.
  const [now] = useState(() => Date.now());

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await change({ id: assignment.id, dueAt: endOfDay(day) }).unwrap();
      toast(reviewToasts.dueDateChanged);
    } catch (error) {
      toast(dueDateErrorToast(toApiError(error)));
    }
  };

  return (
    <form aria-label={`Due date of ${assignment.paperTitle}`} className="flex flex-wrap items-end gap-2" onSubmit={(event) => void onSubmit(event)}>
      <TextField
        label="Due date"
        type="date"
        required
        value={day}
        {...dueDayBounds(now)}
        onChange={(event) => setDay(event.target.value)}
      />
      <Button type="submit" variant="outline" size="sm" isLoading={isLoading} disabled={!day || endOfDay(day) === assignment.dueAt}>
        Save
      </Button>
    </form>
  );
}
