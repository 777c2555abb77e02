import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { type ReviewAssignment, toApiError } from '@/shared/api';
import { paths } from '@/shared/config/paths';
import { formatDate } from '@/shared/lib/format-date';
import { Button, TextField, useToast } from '@/shared/ui';
import { useChangeReviewDueDateMutation, useSendReviewReminderMutation, useWithdrawReviewMutation } from '../api/review-api';
import { dueDay, dueDayBounds, endOfDay } from '../model/due-date';
import { dueDateErrorToast, reminderErrorToast, reviewToasts, withdrawErrorToast } from '../model/review-messages';
import { ReviewDueDate } from './review-due-date';
import { ReviewStatusBadge } from './review-status-badge';

/**
 * Where the row is shown: Reviewer Management lists every paper's assignments, each led by its paper;
 * a paper's page lists its own, each led by its reviewer (the paper is the page).
 */
export type AssignmentRowContext = 'all papers' | 'one paper';

/**
 * One assignment with what the editors may still do to it (withdraw, move its due date, remind):
 * the one implementation behind Reviewer Management and a paper's page.
 */
export function AssignmentRow({ assignment, roundLabel, context }: { assignment: ReviewAssignment; roundLabel: string | null; context: AssignmentRowContext }) {
  const [withdraw, { isLoading }] = useWithdrawReviewMutation();
  const { toast } = useToast();
  // What the row's controls name: the paper in a list of papers, the reviewer on the paper's page.
  const subject = context === 'all papers' ? assignment.paperTitle : `review by ${assignment.reviewerName}`;

  const onWithdraw = async () => {
    if (!window.confirm(`Withdraw the review of "${assignment.paperTitle}" from ${assignment.reviewerName}?`)) return;
    try {
      await withdraw({ id: assignment.id, paperId: assignment.paperId }).unwrap();
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
        {context === 'all papers' ? (
          <>
            <Link to={paths.paper.getHref(assignment.paperId)} className="font-medium text-indigo-700 hover:underline">
              {assignment.paperTitle}
            </Link>
            <span className="text-slate-600">
              {roundLabel && <span className="mr-2 font-medium text-indigo-800">{roundLabel}</span>}
              {assignment.category}
            </span>
            <span className="text-slate-700">Reviewer: {assignment.reviewerName}</span>
          </>
        ) : (
          <span className="text-slate-700">
            {roundLabel && <span className="mr-2 font-medium text-indigo-800">{roundLabel}</span>}
            <span className="font-medium">Reviewer: {assignment.reviewerName}</span>
          </span>
        )}
        <span className="flex flex-wrap gap-3 text-slate-600">
          <span>Assigned {formatDate(assignment.assignedAt)}</span>
          {!declined && <ReviewDueDate dueAt={assignment.dueAt} overdue={assignment.overdue} />}
          {assignment.submittedAt && <span>Submitted {formatDate(assignment.submittedAt)}</span>}
          {assignment.declinedAt && <span>Declined {formatDate(assignment.declinedAt)}</span>}
          {assignment.lastReminderAt && <span>Last reminded {formatDate(assignment.lastReminderAt)}</span>}
        </span>
        {declined && assignment.declineReason && <p className="whitespace-pre-line break-words text-slate-700">Reason: {assignment.declineReason}</p>}
        {open && <DueDateForm assignment={assignment} subject={subject} />}
      </div>
      <div className="flex items-center gap-3">
        <ReviewStatusBadge status={assignment.status} />
        {open && <ReminderButton assignment={assignment} subject={subject} />}
        {open && (
          <Button
            variant="outline"
            size="sm"
            isLoading={isLoading}
            aria-label={`Withdraw ${subject}`}
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
function ReminderButton({ assignment, subject }: { assignment: ReviewAssignment; subject: string }) {
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
    <Button variant="outline" size="sm" isLoading={isLoading} aria-label={`Send reminder for ${subject}`} onClick={() => void onSend()}>
      Send reminder
    </Button>
  );
}

function DueDateForm({ assignment, subject }: { assignment: ReviewAssignment; subject: string }) {
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
    <form aria-label={`Due date of ${subject}`} className="flex flex-wrap items-end gap-2" onSubmit={(event) => void onSubmit(event)}>
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
