import type { ReviewRounds } from '@/shared/api';

/** A submitted review of the current round that a letter may quote: its id and how the editors know it. */
export interface ShareableReview {
  id: string;
  /** "Reviewer 1 (Ada Lovelace)": the name the author reads, then the reviewer's. */
  label: string;
  /** "Reviewer 1": the name the author reads (the reviewers are numbered across the rounds, so round 2's new reviewer may be "Reviewer 2"). */
  authorLabel: string;
}

/**
 * The reviews a letter may quote, as the server allows them (decision-letters.service.ts):
 * the submitted reviews of the paper's current round, in the reviewers' numbering. Only the
 * editors' rounds carry the ids, so for anyone else this is empty.
 */
export function shareableReviewsOf(rounds: ReviewRounds): ShareableReview[] {
  const current = rounds.rounds.find((round) => round.round === rounds.currentRound);
  return (current?.reviews ?? []).flatMap((review) =>
    review.id && review.status === 'submitted'
      ? [{ id: review.id, label: review.authorLabel ? `${review.authorLabel} (${review.reviewer})` : review.reviewer, authorLabel: review.authorLabel ?? 'Reviewer' }]
      : [],
  );
}

/** With several reviewers in a round, the editor ticks the reviews a letter quotes; all are ticked to begin with. */
export function ReviewsToShare({
  legend,
  reviews,
  chosen,
  onChange,
}: {
  legend: string;
  reviews: readonly ShareableReview[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
}) {
  const toggle = (id: string, on: boolean) => onChange(on ? reviews.map((review) => review.id).filter((candidate) => candidate === id || chosen.includes(candidate)) : chosen.filter((candidate) => candidate !== id));
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      {reviews.map((review) => (
        <label key={review.id} className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={chosen.includes(review.id)} onChange={(event) => toggle(review.id, event.target.checked)} />
          {review.label}
        </label>
      ))}
    </fieldset>
  );
}
