import { type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/shared/config/paths';
import { formatDate } from '@/shared/lib/format-date';
import { type MyReviewAssignment, type ReviewStatus } from '@/shared/api';
import { PageSpinner, SectionCard, buttonClasses } from '@/shared/ui';
import { reviewCertificateHref, useGetMyReviewsQuery } from '../api/review-api';
import { ASSIGNMENT_STRINGS } from '../model/review-messages';
import { roundLabels } from '../model/round-label';
import { ReviewDueDate } from './review-due-date';
import { ReviewStatusBadge } from './review-status-badge';

const reviewAction: Record<ReviewStatus, string> = {
  assigned: 'Start Review',
  in_progress: 'Continue Review',
  submitted: 'View Review',
  // A declined assignment leaves the dashboard; the label is for completeness of the record.
  declined: 'View Review',
};

interface ReviewerDashboardProps {
  /** The messages panel to the admin, from the messaging feature when the page composes it. */
  messages?: ReactNode;
  /** The ORCID card, from the orcid feature. */
  orcid?: ReactNode;
}

/** /reviewer-dashboard: the counts, the messages panel and the reviewer's own assignments. */
export function ReviewerDashboard({ messages, orcid }: ReviewerDashboardProps) {
  const { data, isLoading, isError } = useGetMyReviewsQuery();
  const labels = roundLabels(data?.assignments ?? []);

  return (
    <div className="grid gap-8">
      <h1 className="text-3xl font-bold text-slate-900">Reviewer Dashboard</h1>
      {isLoading ? (
        <PageSpinner />
      ) : isError || !data ? (
        <p role="alert" className="text-red-800">
          Your assignments could not be loaded. Please try again later.
        </p>
      ) : (
        <>
          <ul aria-label="Review counts" className="grid gap-4 sm:grid-cols-3">
            <CountTile label="Total Assignments" value={data.counts.total} />
            <CountTile label="Pending Reviews" value={data.counts.pending} />
            <CountTile label="Completed Reviews" value={data.counts.completed} />
          </ul>
          {messages}
          <SectionCard title="Assigned Papers">
            {data.assignments.length === 0 ? (
              <p className="text-slate-600">{ASSIGNMENT_STRINGS.noReviews}</p>
            ) : (
              <ul aria-label="Assigned papers" className="grid gap-4">
                {data.assignments.map((assignment) => (
                  <AssignmentItem key={assignment.id} assignment={assignment} roundLabel={labels.get(assignment.id) ?? null} />
                ))}
              </ul>
            )}
          </SectionCard>
          {orcid}
        </>
      )}
    </div>
  );
}

function CountTile({ label, value }: { label: string; value: number }) {
  return (
    <li aria-label={`${label}: ${value}`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
    </li>
  );
}

function AssignmentItem({ assignment, roundLabel }: { assignment: MyReviewAssignment; roundLabel: string | null }) {
  const name = roundLabel ? `${roundLabel}: ${assignment.title}` : assignment.title;
  return (
    <li aria-label={name} className="grid gap-2 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-lg font-semibold text-slate-900">
          {roundLabel && <span className="mr-2 rounded bg-indigo-50 px-1.5 text-sm font-medium text-indigo-800">{roundLabel}</span>}
          {assignment.title}
        </h3>
        <ReviewStatusBadge status={assignment.status} />
      </div>
      <p className="flex flex-wrap gap-3 text-sm text-slate-600">
        <span>{assignment.category}</span>
        <span>Submitted {formatDate(assignment.paperSubmittedAt)}</span>
      </p>
      <p className="line-clamp-3 text-sm text-slate-700">{assignment.abstract}</p>
      <p className="flex flex-wrap gap-3 text-sm text-slate-600">
        <span>Assigned {formatDate(assignment.assignedAt)}</span>
        <ReviewDueDate dueAt={assignment.dueAt} overdue={assignment.overdue} />
        {assignment.submittedAt && <span>Reviewed {formatDate(assignment.submittedAt)}</span>}
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to={paths.paper.getHref(assignment.paperId)} className={buttonClasses('outline', 'sm')}>
          View Paper
        </Link>
        <Link to={paths.review.getHref(assignment.id)} className={buttonClasses('primary', 'sm')}>
          {reviewAction[assignment.status]}
        </Link>
        {assignment.status === 'submitted' && (
          // A file from the API, sent with the session cookie like a paper's PDF.
          <a href={reviewCertificateHref(assignment.id)} download className={buttonClasses('outline', 'sm')}>
            Download certificate
          </a>
        )}
      </div>
    </li>
  );
}
