import { ListChecks } from 'lucide-react';
import { Link } from 'react-router-dom';
import { type ReviewAssignment, toApiError } from '@/shared/api';
import { paths } from '@/shared/config/paths';
import { formatDate } from '@/shared/lib/format-date';
import { Button, SectionCard, Spinner, useToast } from '@/shared/ui';
import { useGetReviewAssignmentsQuery, useWithdrawReviewMutation } from '../api/review-api';
import { ASSIGNMENT_STRINGS, reviewToasts, withdrawErrorToast } from '../model/review-messages';
import { ReviewStatusBadge } from './review-status-badge';

/** Every assignment, newest first (the server's order), with a withdraw for those not yet submitted. */
export function CurrentAssignmentsCard() {
  const { data, isLoading, isError } = useGetReviewAssignmentsQuery();
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
            <AssignmentRow key={assignment.id} assignment={assignment} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function AssignmentRow({ assignment }: { assignment: ReviewAssignment }) {
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

  return (
    <li className="flex flex-wrap items-start justify-between gap-3 px-3 py-3 text-sm">
      <div className="grid gap-1">
        <Link to={paths.paper.getHref(assignment.paperId)} className="font-medium text-indigo-700 hover:underline">
          {assignment.paperTitle}
        </Link>
        <span className="text-slate-600">{assignment.category}</span>
        <span className="text-slate-700">Reviewer: {assignment.reviewerName}</span>
        <span className="flex flex-wrap gap-3 text-slate-600">
          <span>Assigned {formatDate(assignment.assignedAt)}</span>
          {assignment.submittedAt && <span>Submitted {formatDate(assignment.submittedAt)}</span>}
        </span>
      </div>
      <div className="flex items-center gap-3">
        <ReviewStatusBadge status={assignment.status} />
        {assignment.status !== 'submitted' && (
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
