import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { type Review, type ReviewRecommendation, toApiError } from '@/shared/api';
import { paths } from '@/shared/config/paths';
import { formatDate } from '@/shared/lib/format-date';
import { recommendationLabels, recommendations } from '@/shared/lib/review-status';
import { AccessDenied, Button, PageSpinner, SectionCard, SelectField, TextAreaField, useToast } from '@/shared/ui';
import { useGetReviewQuery, useSaveReviewDraftMutation, useSubmitReviewMutation } from '../api/review-api';
import { reviewToasts, submitErrorToast } from '../model/review-messages';
import { useLeaveGuard } from '../model/use-leave-guard';
import { ReviewStatusBadge } from './review-status-badge';

export const REVIEW_DENIED = "You don't have permission to access this page.";

interface ReviewEditorProps {
  reviewId: string;
  /** The signed-in user: only the assigned reviewer writes, an editor reads. */
  viewerId: string | undefined;
}

/** /review/{id}: the paper, the recommendation and the text, Save Draft and Submit Review. */
export function ReviewEditor({ reviewId, viewerId }: ReviewEditorProps) {
  const { data, isLoading, error } = useGetReviewQuery(reviewId);
  if (isLoading) return <PageSpinner />;
  if (!data) {
    const status = error ? toApiError(error).status : null;
    if (status === 403 || status === 404) return <AccessDenied message={REVIEW_DENIED} />;
    return (
      <p role="alert" className="text-red-800">
        The review could not be loaded. Please try again later.
      </p>
    );
  }
  // Keyed by id so another review starts from its own saved text, never from this one's.
  return <ReviewForm key={data.id} review={data} canWrite={data.reviewer.id === viewerId} />;
}

function ReviewForm({ review, canWrite }: { review: Review; canWrite: boolean }) {
  const [text, setText] = useState(review.text);
  const [recommendation, setRecommendation] = useState<ReviewRecommendation | ''>(review.recommendation ?? '');
  // What the server holds: the form is dirty while it differs, whatever refetches bring.
  const [saved, setSaved] = useState({ text: review.text, recommendation: review.recommendation ?? '' });
  const [saveDraft, { isLoading: saving }] = useSaveReviewDraftMutation();
  const [submit, { isLoading: submitting }] = useSubmitReviewMutation();
  const { toast } = useToast();

  const readOnly = !canWrite || review.status === 'submitted';
  const dirty = !readOnly && (text !== saved.text || recommendation !== saved.recommendation);
  useLeaveGuard(dirty);

  const onSave = async () => {
    const sent = { text, recommendation };
    try {
      await saveDraft({ id: review.id, text: sent.text, recommendation: sent.recommendation || null }).unwrap();
      setSaved(sent);
      toast(reviewToasts.saved);
    } catch {
      toast(reviewToasts.saveFailed);
    }
  };

  const canSubmit = recommendation !== '' && text.trim() !== '';
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (readOnly || recommendation === '' || text.trim() === '') return;
    try {
      await submit({ id: review.id, text, recommendation }).unwrap();
      setSaved({ text, recommendation });
      toast(reviewToasts.submitted);
    } catch (error) {
      toast(submitErrorToast(toApiError(error)));
    }
  };

  return (
    <div className="grid gap-6">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold text-slate-900">{review.paper.title}</h1>
        <p className="flex flex-wrap items-center gap-3 text-slate-600">
          <span>{review.paper.category}</span>
          <ReviewStatusBadge status={review.status} />
          <Link to={paths.paper.getHref(review.paper.id)} className="text-indigo-700 hover:underline">
            View paper details
          </Link>
        </p>
      </header>
      <SectionCard
        title="Your Review"
        description={
          review.submittedAt
            ? `Submitted ${formatDate(review.submittedAt)}. A submitted review can no longer be changed.`
            : `Assigned ${formatDate(review.assignedAt)}.`
        }
      >
        <form aria-label="Review" className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
          <SelectField
            label="Recommendation"
            placeholder="Select a recommendation"
            value={recommendation}
            disabled={readOnly}
            onChange={(event) => setRecommendation(event.target.value as ReviewRecommendation)}
            options={recommendations.map((value) => ({ value, label: recommendationLabels[value] }))}
          />
          <TextAreaField
            label="Review"
            rows={10}
            placeholder="Write your review..."
            value={text}
            readOnly={readOnly}
            onChange={(event) => setText(event.target.value)}
          />
          {!readOnly && (
            <div className="flex flex-wrap gap-3">
              <Button variant="outline" isLoading={saving} disabled={submitting} onClick={() => void onSave()}>
                Save Draft
              </Button>
              <Button type="submit" isLoading={submitting} disabled={!canSubmit || saving}>
                Submit Review
              </Button>
            </div>
          )}
        </form>
      </SectionCard>
    </div>
  );
}
