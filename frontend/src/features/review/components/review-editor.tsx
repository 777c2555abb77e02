import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { type Review, type ReviewCriterion, type ReviewRecommendation, toApiError } from '@/shared/api';
import { paths } from '@/shared/config/paths';
import { formatDate } from '@/shared/lib/format-date';
import { recommendationLabels, recommendations } from '@/shared/lib/review-status';
import { AccessDenied, Button, PageSpinner, ReviewCriteriaFeedback, SectionCard, SelectField, TextAreaField, useToast } from '@/shared/ui';
import { useGetReviewQuery, useSaveReviewDraftMutation, useSubmitReviewMutation } from '../api/review-api';
import { reviewToasts, submitErrorToast } from '../model/review-messages';
import { useLeaveGuard } from '../model/use-leave-guard';
import { DeclineReviewDialog } from './decline-review-dialog';
import { ReviewCriteriaFields } from './review-criteria-fields';
import { ReviewStatusBadge } from './review-status-badge';
import { roundName } from '../model/round-label';

export const REVIEW_DENIED = "You don't have permission to access this page.";

interface ReviewEditorProps {
  reviewId: string;
  /** The paper's earlier review rounds, from the revisions feature when the page composes it: shown from round 2 on. */
  earlierRounds?: (paperId: string) => ReactNode;
}

/** What the server takes of a criterion: the rubric's hint is its own, not the reviewer's. */
const criteriaInput = (criteria: readonly ReviewCriterion[]) => criteria.map(({ name, score, comment }) => ({ name, score, comment }));

const sameCriteria = (a: readonly ReviewCriterion[], b: readonly ReviewCriterion[]) =>
  a.length === b.length && a.every((criterion, index) => criterion.score === b[index].score && criterion.comment === b[index].comment);

/** /review/{id}: the paper, the recommendation, the rubric's scores and the text, Save Draft and Submit Review. */
export function ReviewEditor({ reviewId, earlierRounds }: ReviewEditorProps) {
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
  return (
    <div className="grid gap-6">
      {/* Only the assigned reviewer writes (the API's access flags); an editor reads. */}
      <ReviewForm key={data.id} review={data} canWrite={data.access.write} />
      {data.round > 1 && earlierRounds?.(data.paper.id)}
    </div>
  );
}

function ReviewForm({ review, canWrite }: { review: Review; canWrite: boolean }) {
  const [text, setText] = useState(review.text);
  const [recommendation, setRecommendation] = useState<ReviewRecommendation | ''>(review.recommendation ?? '');
  const [criteria, setCriteria] = useState<ReviewCriterion[]>(review.criteria);
  // What the server holds: the form is dirty while it differs, whatever refetches bring.
  const [saved, setSaved] = useState({ text: review.text, recommendation: review.recommendation ?? '', criteria: review.criteria });
  const [saveDraft, { isLoading: saving }] = useSaveReviewDraftMutation();
  const [submit, { isLoading: submitting }] = useSubmitReviewMutation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [declined, setDeclined] = useState(false);

  const readOnly = !canWrite || review.status === 'submitted';
  // A declined review's draft is moot: leaving it asks nothing.
  const dirty = !declined && !readOnly && (text !== saved.text || recommendation !== saved.recommendation || !sameCriteria(criteria, saved.criteria));
  useLeaveGuard(dirty);
  // After the render that dropped the leave guard, or the guard would ask about the draft.
  useEffect(() => {
    if (declined) void navigate(paths.reviewerDashboard.getHref());
  }, [declined, navigate]);

  const changeCriterion = (name: string, change: Partial<Pick<ReviewCriterion, 'score' | 'comment'>>) =>
    setCriteria((current) => current.map((criterion) => (criterion.name === name ? { ...criterion, ...change } : criterion)));

  const onSave = async () => {
    const sent = { text, recommendation, criteria };
    try {
      await saveDraft({ id: review.id, text: sent.text, recommendation: sent.recommendation || null, criteria: criteriaInput(sent.criteria) }).unwrap();
      setSaved(sent);
      toast(reviewToasts.saved);
    } catch {
      toast(reviewToasts.saveFailed);
    }
  };

  const unscored = criteria.filter((criterion) => criterion.score === null).length;
  const canSubmit = recommendation !== '' && text.trim() !== '' && unscored === 0;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (readOnly || !canSubmit) return;
    try {
      await submit({ id: review.id, text, recommendation, criteria: criteriaInput(criteria) }).unwrap();
      setSaved({ text, recommendation, criteria });
      toast(reviewToasts.submitted);
    } catch (error) {
      toast(submitErrorToast(toApiError(error)));
    }
  };

  return (
    <div className="grid gap-6">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold text-slate-900">
          {review.round > 1 && <span className="block text-lg font-semibold text-indigo-800">{roundName(review.round)}</span>}
          {review.paper.title}
        </h1>
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
          {readOnly ? (
            <ReviewCriteriaFeedback criteria={review.criteria} showHints />
          ) : (
            <ReviewCriteriaFields criteria={criteria} onChange={changeCriterion} disabled={submitting} />
          )}
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
              {unscored > 0 && (
                <p className="self-center text-sm text-slate-600">
                  Score every criterion of the rubric to submit ({unscored} left).
                </p>
              )}
            </div>
          )}
        </form>
        {/* Outside the review's form: the dialog's own form would otherwise submit it too (React events cross portals). */}
        {!readOnly && (
          <div className="mt-4 border-t border-slate-100 pt-4">
            <DeclineReviewDialog reviewId={review.id} disabled={saving || submitting} onDeclined={() => setDeclined(true)} />
          </div>
        )}
      </SectionCard>
    </div>
  );
}
