import { ArrowDown, ArrowUp, ClipboardList, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { type RubricCriterion, errorToast, toApiError } from '@/shared/api';
import { Button, SectionCard, Spinner, TextAreaField, TextField, useToast } from '@/shared/ui';
import { useGetRubricQuery, useReplaceRubricMutation } from '../api/review-api';
import { rubricToasts } from '../model/review-messages';

export const RUBRIC_LIMITS = { minCriteria: 1, maxCriteria: 12, nameMax: 80, hintMax: 300 } as const;

/** A row of the editor; the key survives renames and moves, which the name would not. */
interface DraftCriterion extends RubricCriterion {
  key: number;
}

let nextKey = 0;
const withKeys = (criteria: readonly RubricCriterion[]): DraftCriterion[] => criteria.map((criterion) => ({ ...criterion, key: nextKey++ }));

/** What is wrong with the list before it is sent, in the server's terms; null when it may be saved. */
export function rubricProblem(criteria: readonly RubricCriterion[]): string | null {
  if (criteria.length < RUBRIC_LIMITS.minCriteria) return 'The rubric needs at least one criterion.';
  if (criteria.length > RUBRIC_LIMITS.maxCriteria) return `The rubric may have at most ${RUBRIC_LIMITS.maxCriteria} criteria.`;
  if (criteria.some((criterion) => criterion.name.trim() === '')) return 'Every criterion needs a name.';
  const seen = new Set<string>();
  for (const criterion of criteria) {
    const key = criterion.name.trim().toLowerCase();
    if (seen.has(key)) return `Two criteria are named "${criterion.name.trim()}": names must differ.`;
    seen.add(key);
  }
  return null;
}

/** The admin dashboard's Review Rubric tab: the criteria reviewers score, edited as a whole list. */
export function RubricEditor() {
  const { data, isLoading, isError } = useGetRubricQuery();
  return (
    <SectionCard
      title="Review Rubric"
      icon={ClipboardList}
      description="The criteria every reviewer scores from 1 to 5, each with a one-line hint. Changes apply to reviews not yet submitted; a submitted review keeps the criteria it was written against."
    >
      {isLoading ? (
        <Spinner size="sm" label="Loading the rubric" />
      ) : data ? (
        // Keyed by the saved list, so a save (or another editor's, refetched) starts the form afresh.
        <RubricForm key={JSON.stringify(data)} saved={data} />
      ) : (
        isError && (
          <p role="alert" className="text-sm text-red-800">
            The rubric could not be loaded. Please try again later.
          </p>
        )
      )}
    </SectionCard>
  );
}

function RubricForm({ saved }: { saved: RubricCriterion[] }) {
  const [criteria, setCriteria] = useState(() => withKeys(saved));
  const [replace, { isLoading: saving }] = useReplaceRubricMutation();
  const { toast } = useToast();
  const problem = rubricProblem(criteria);

  const change = (key: number, patch: Partial<RubricCriterion>) =>
    setCriteria((current) => current.map((criterion) => (criterion.key === key ? { ...criterion, ...patch } : criterion)));
  const move = (index: number, by: -1 | 1) =>
    setCriteria((current) => {
      const next = [...current];
      [next[index], next[index + by]] = [next[index + by], next[index]];
      return next;
    });
  const remove = (key: number) => setCriteria((current) => current.filter((criterion) => criterion.key !== key));
  const add = () => setCriteria((current) => [...current, ...withKeys([{ name: '', hint: '' }])]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    try {
      await replace({ criteria: criteria.map(({ name, hint }) => ({ name: name.trim(), hint: hint.trim() })) }).unwrap();
      toast(rubricToasts.saved);
    } catch (error) {
      toast(errorToast(toApiError(error), { title: 'Error', fallback: rubricToasts.saveFailed }));
    }
  };

  return (
    <form aria-label="Review rubric" className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
      <ol className="grid gap-4">
        {criteria.map((criterion, index) => {
          const label = criterion.name.trim() || `criterion ${index + 1}`;
          return (
            <li key={criterion.key} className="grid gap-3 rounded-lg border border-slate-200 p-4">
              <div className="flex flex-wrap items-end gap-3">
                <TextField
                  label={`Criterion ${index + 1} name`}
                  value={criterion.name}
                  maxLength={RUBRIC_LIMITS.nameMax}
                  required
                  containerClassName="min-w-0 flex-1"
                  onChange={(event) => change(criterion.key, { name: event.target.value })}
                />
                <div className="flex gap-1">
                  <Button type="button" variant="outline" size="sm" aria-label={`Move ${label} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                    <ArrowUp className="h-4 w-4" aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={`Move ${label} down`}
                    disabled={index === criteria.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown className="h-4 w-4" aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={`Remove ${label}`}
                    disabled={criteria.length <= RUBRIC_LIMITS.minCriteria}
                    onClick={() => remove(criterion.key)}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  </Button>
                </div>
              </div>
              <TextAreaField
                label={`Criterion ${index + 1} hint`}
                hint="One line for reviewers: what to look for, said for high-school work."
                rows={2}
                value={criterion.hint}
                maxLength={RUBRIC_LIMITS.hintMax}
                onChange={(event) => change(criterion.key, { hint: event.target.value })}
              />
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" disabled={criteria.length >= RUBRIC_LIMITS.maxCriteria} onClick={add}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add criterion
        </Button>
        <Button type="submit" isLoading={saving} disabled={problem !== null}>
          Save Rubric
        </Button>
        {problem && (
          <p role="status" className="text-sm text-red-800">
            {problem}
          </p>
        )}
      </div>
    </form>
  );
}
