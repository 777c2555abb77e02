import { useId } from 'react';
import { cn } from '@/shared/lib/cn';

/** The highest score of the rubric's 1-5 scale. */
export const SCORE_MAX = 5;

/** What each score means, shared by the reviewer's form and the read-only view so both say the same. */
export const scoreLabels: Record<number, string> = {
  1: 'needs a lot of work',
  2: 'needs work',
  3: 'adequate',
  4: 'good',
  5: 'excellent',
};

/** A criterion as a review holds it (the API's ReviewCriterion). */
export interface ScoredCriterion {
  name: string;
  hint?: string;
  score: number | null;
  comment: string;
}

export interface ReviewCriteriaFeedbackProps {
  criteria: readonly ScoredCriterion[];
  title?: string;
  /** Shows each criterion's hint, what the reviewer was asked to look for. */
  showHints?: boolean;
  className?: string;
}

/**
 * A review's rubric scores and comments, read-only, as feedback to learn from: for the author, the
 * editors and the reviewer of a submitted review. Nothing when the review has no criteria (one
 * submitted before the rubric).
 */
export function ReviewCriteriaFeedback({ criteria, title = 'Scores from the review', showHints = false, className }: ReviewCriteriaFeedbackProps) {
  const headingId = useId();
  if (criteria.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={cn('grid gap-3', className)}>
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      <ul className="grid gap-3">
        {criteria.map((criterion) => (
          <li key={criterion.name} className="grid gap-1 rounded-lg border border-slate-200 bg-white p-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-medium text-slate-900">{criterion.name}</span>
              <ScoreText score={criterion.score} />
            </div>
            {showHints && criterion.hint && <p className="text-xs text-slate-500">{criterion.hint}</p>}
            {criterion.comment && <p className="whitespace-pre-wrap text-sm text-slate-700">{criterion.comment}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ScoreText({ score }: { score: number | null }) {
  if (score === null) return <span className="text-sm text-slate-500">Not scored</span>;
  return (
    <span className="flex items-center gap-2 text-sm text-slate-700">
      <span aria-hidden="true" className="flex gap-0.5">
        {Array.from({ length: SCORE_MAX }, (_, index) => (
          <span key={index} className={cn('h-2 w-4 rounded-sm', index < score ? 'bg-indigo-600' : 'bg-slate-200')} />
        ))}
      </span>
      <span>
        {score} out of {SCORE_MAX}
        {scoreLabels[score] ? ` (${scoreLabels[score]})` : ''}
      </span>
    </span>
  );
}
