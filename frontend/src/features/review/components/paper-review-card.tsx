import { MessageSquareText } from 'lucide-react';
import { toApiError } from '@/shared/api';
import { formatDate } from '@/shared/lib/format-date';
import { recommendationLabels } from '@/shared/lib/review-status';
import { ReviewCriteriaFeedback, SectionCard, Spinner } from '@/shared/ui';
import { useGetPaperReviewQuery } from '../api/review-api';
import { ReviewStatusBadge } from './review-status-badge';

/** The paper's review as the editors read it; nothing when the paper has no reviewer. */
export function PaperReviewCard({ paperId }: { paperId: string }) {
  const { data: review, isLoading, error } = useGetPaperReviewQuery(paperId);
  if (isLoading) return <Spinner size="sm" label="Loading the review" />;
  if (!review) {
    if (error && toApiError(error).status !== 404) {
      return (
        <p role="alert" className="text-sm text-red-800">
          The paper's review could not be loaded.
        </p>
      );
    }
    return null;
  }
  return (
    <SectionCard title="Peer Review" icon={MessageSquareText} contentClassName="grid gap-3">
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-600">Reviewer</dt>
          <dd className="text-slate-900">{review.reviewer.name}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">Status</dt>
          <dd>
            <ReviewStatusBadge status={review.status} />
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">Recommendation</dt>
          <dd className="text-slate-900">{review.recommendation ? recommendationLabels[review.recommendation] : 'None yet'}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">Dates</dt>
          <dd className="text-slate-900">
            Assigned {formatDate(review.assignedAt)}
            {review.submittedAt ? `, submitted ${formatDate(review.submittedAt)}` : `, last saved ${formatDate(review.updatedAt)}`}
          </dd>
        </div>
      </dl>
      {review.text ? (
        <p className="whitespace-pre-wrap rounded-lg bg-slate-50 p-4 text-sm text-slate-800">{review.text}</p>
      ) : (
        <p className="text-sm text-slate-600">The reviewer has not written anything yet.</p>
      )}
      {/* A draft's criteria are the current rubric, mostly unscored: only a submitted review's are feedback. */}
      {review.submittedAt && <ReviewCriteriaFeedback criteria={review.criteria} showHints />}
    </SectionCard>
  );
}
