import { useId } from 'react';
import { type ReviewCriterion } from '@/shared/api';
import { SCORE_MAX, TextAreaField, scoreLabels } from '@/shared/ui';

const scores = Array.from({ length: SCORE_MAX }, (_, index) => index + 1);

interface ReviewCriteriaFieldsProps {
  criteria: readonly ReviewCriterion[];
  onChange: (name: string, change: Partial<Pick<ReviewCriterion, 'score' | 'comment'>>) => void;
  disabled?: boolean;
}

/** The rubric in the reviewer's form: per criterion its hint, a 1-5 score and a comment. */
export function ReviewCriteriaFields({ criteria, onChange, disabled }: ReviewCriteriaFieldsProps) {
  if (criteria.length === 0) return null;
  return (
    <div className="grid gap-4">
      <div>
        <h3 className="text-base font-semibold text-slate-900">Rubric</h3>
        <p className="text-sm text-slate-600">
          Score each criterion from 1 to 5 and say why: the author reads your scores and comments as feedback to learn from.
        </p>
      </div>
      {criteria.map((criterion) => (
        <CriterionFieldset key={criterion.name} criterion={criterion} onChange={onChange} disabled={disabled} />
      ))}
    </div>
  );
}

function CriterionFieldset({
  criterion,
  onChange,
  disabled,
}: {
  criterion: ReviewCriterion;
  onChange: ReviewCriteriaFieldsProps['onChange'];
  disabled?: boolean;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <fieldset aria-describedby={criterion.hint ? hintId : undefined} className="grid gap-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 font-medium text-slate-900">{criterion.name}</legend>
      {criterion.hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {criterion.hint}
        </p>
      )}
      <div role="radiogroup" aria-label={`Score for ${criterion.name}`} aria-required="true" className="flex flex-wrap gap-x-4 gap-y-2">
        {scores.map((score) => (
          <label key={score} className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={`${id}-score`}
              value={score}
              checked={criterion.score === score}
              disabled={disabled}
              onChange={() => onChange(criterion.name, { score })}
              className="h-4 w-4 accent-indigo-600"
            />
            {score} — {scoreLabels[score]}
          </label>
        ))}
      </div>
      <TextAreaField
        label={`Comment on ${criterion.name} (optional)`}
        rows={2}
        maxLength={2000}
        value={criterion.comment}
        disabled={disabled}
        onChange={(event) => onChange(criterion.name, { comment: event.target.value })}
      />
    </fieldset>
  );
}
