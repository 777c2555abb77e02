import { FileText, History } from 'lucide-react';
import { type ReviewRound, type RevisionRequest, type RoundReview, toApiError } from '@/shared/api';
import { formatDate } from '@/shared/lib/format-date';
import { recommendationLabels } from '@/shared/lib/review-status';
import { ReviewCriteriaFeedback, SectionCard, shareableReviewsOf, Spinner } from '@/shared/ui';
import { useGetReviewRoundsQuery } from '../api/revisions-api';
import { revisionKindLabels } from '../model/revision-messages';
import { RequestRevisionsForm } from './request-revisions-form';
import { SubmitRevisionForm } from './submit-revision-form';

/** Who is reading: each sees the rounds as the server filtered them, with their own actions. */
export type RoundsViewer = 'editor' | 'author' | 'reviewer';

const TITLES: Record<RoundsViewer, { title: string; description: string }> = {
  editor: { title: 'Review Rounds', description: 'Every round of review, its reviews, the revisions requested and the author’s answers.' },
  author: {
    title: 'Feedback from Review',
    description: 'What the editors shared from the review of your paper. Reviewers are not named: read their feedback as advice for your next draft.',
  },
  reviewer: { title: 'Earlier Review Rounds', description: 'The rounds before yours: the reviews, what the editors asked for, and how the author answered.' },
};

/**
 * A paper's review rounds for the editors (with "Request Revisions"), its author (the shared
 * feedback, and the revision form while a request is open) or a reviewer of a later round.
 */
export function ReviewRounds({ paperId, viewer }: { paperId: string; viewer: RoundsViewer }) {
  const { data, isLoading, error } = useGetReviewRoundsQuery(paperId);
  if (isLoading) return <Spinner size="sm" label="Loading the review rounds" />;
  if (!data) {
    if (error && toApiError(error).status !== 404) {
      return (
        <p role="alert" className="text-sm text-red-800">
          The review rounds could not be loaded.
        </p>
      );
    }
    return null;
  }
  const rounds = data.rounds.filter((round) => worthShowing(round, viewer));
  if (rounds.length === 0 && !data.canRequestRevisions) return null;
  const { title, description } = TITLES[viewer];
  return (
    <SectionCard title={title} icon={History} description={description} contentClassName="grid gap-6">
      {viewer === 'author' && data.openRequest && <OpenRequestNotice request={data.openRequest} />}
      {viewer === 'author' && data.openRequest && <SubmitRevisionForm paperId={paperId} />}
      <ol className="grid gap-6">
        {rounds.map((round) => (
          <li key={round.round}>
            <RoundSection round={round} viewer={viewer} />
          </li>
        ))}
      </ol>
      {viewer === 'editor' && data.canRequestRevisions && <RequestRevisionsForm paperId={paperId} round={data.currentRound} shareable={shareableReviewsOf(data)} />}
    </SectionCard>
  );
}

/** The author sees a round only once the editors shared something of it or asked for revisions. */
function worthShowing(round: ReviewRound, viewer: RoundsViewer): boolean {
  if (viewer !== 'author') return true;
  return round.reviews.length > 0 || round.revisionRequest !== null;
}

function OpenRequestNotice({ request }: { request: RevisionRequest }) {
  return (
    <div role="status" className="grid gap-1 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">
        The editors ask for {revisionKindLabels[request.kind].toLowerCase()}, due {formatDate(request.dueAt)}.
        {request.overdue && ' This is past its due date.'}
      </p>
      <p>Read the feedback below, revise your paper, and send the revised PDF with a letter that answers each point.</p>
    </div>
  );
}

function RoundSection({ round, viewer }: { round: ReviewRound; viewer: RoundsViewer }) {
  const headingId = `round-${round.round}-heading`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          Round {round.round}
        </h3>
        <a href={round.pdfUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline">
          <FileText className="h-4 w-4" aria-hidden="true" />
          PDF reviewed in round {round.round} (version {round.version})
        </a>
      </div>
      {round.reviews.length === 0 ? (
        <p className="text-sm text-slate-600">{viewer === 'reviewer' ? 'Your review of this round is on this page.' : 'No review to show for this round.'}</p>
      ) : (
        // Several reviewers of a round side by side, so the editors compare them point by point.
        <div className={round.reviews.length > 1 ? 'grid gap-3 md:grid-cols-2' : 'grid gap-3'}>
          {round.reviews.map((review, index) => (
            <RoundReviewView key={review.id ?? `${review.reviewer}-${index}`} round={round.round} review={review} viewer={viewer} />
          ))}
        </div>
      )}
      {round.revisionRequest && <RevisionRequestView request={round.revisionRequest} />}
    </section>
  );
}

/**
 * Each review is named with its round, so feedback read out of its section still says which round
 * it was; its scores are named by reviewer alone, so "Round 1" names one region, the round's.
 */
function RoundReviewView({ round, review, viewer }: { round: number; review: RoundReview; viewer: RoundsViewer }) {
  const by = review.mine ? 'you' : review.reviewer;
  return (
    <article aria-label={`Round ${round}: review by ${by}`} className="grid gap-2 rounded-md bg-slate-50 p-3 text-sm">
      <p className="font-medium text-slate-900">
        {review.mine ? `${review.reviewer} (you)` : review.reviewer}
        {viewer === 'editor' && <span className="ml-2 font-normal text-slate-600">{describeStatus(review)}</span>}
      </p>
      {viewer === 'editor' && review.authorLabel && <p className="text-xs text-slate-600">The author reads this reviewer as “{review.authorLabel}”.</p>}
      {review.declineReason && <p className="text-slate-800">Declined: {review.declineReason}</p>}
      {review.recommendation && <p className="text-slate-800">Recommendation: {recommendationLabels[review.recommendation]}</p>}
      {review.text !== null && review.text !== '' && <p className="whitespace-pre-wrap text-slate-800">{review.text}</p>}
      <ReviewCriteriaFeedback criteria={review.criteria} title={`Scores from ${by}`} />
      {viewer === 'editor' && review.sharedWithAuthor && <p className="text-xs text-slate-600">Shared with the author.</p>}
    </article>
  );
}

function describeStatus(review: RoundReview): string {
  if (review.status === 'declined') return 'declined the assignment';
  if (review.submittedAt) return `submitted ${formatDate(review.submittedAt)}`;
  return 'review not submitted yet';
}

function RevisionRequestView({ request }: { request: RevisionRequest }) {
  return (
    <div className="grid gap-2 border-t border-slate-200 pt-3 text-sm">
      <p className="font-medium text-slate-900">
        {revisionKindLabels[request.kind]} requested {formatDate(request.requestedAt)}, due {formatDate(request.dueAt)}
      </p>
      {request.editorNote && (
        <blockquote className="whitespace-pre-wrap border-l-4 border-indigo-200 pl-3 text-slate-800">
          <span className="sr-only">The editors wrote: </span>
          {request.editorNote}
        </blockquote>
      )}
      {request.respondedAt && request.responseLetter !== null ? (
        <div className="grid gap-1">
          <p className="font-medium text-slate-900">Response letter, {formatDate(request.respondedAt)}</p>
          <p className="whitespace-pre-wrap rounded-md bg-white p-3 text-slate-800 ring-1 ring-slate-200">{request.responseLetter}</p>
        </div>
      ) : (
        <p className="text-slate-600">Waiting for the author’s revision.</p>
      )}
    </div>
  );
}
