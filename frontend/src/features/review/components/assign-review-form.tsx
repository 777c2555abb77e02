import { type FormEvent, type ReactNode, useState } from 'react';
import { toApiError } from '@/shared/api';
import { Button, SelectField, TextField, useToast } from '@/shared/ui';
import { useAssignReviewMutation, useGetAssignableReviewersQuery } from '../api/review-api';
import { personName } from '@/shared/lib/person-name';
import { dueDayBounds, endOfDay } from '../model/due-date';
import { ASSIGNMENT_STRINGS, assignErrorToast, reviewToasts } from '../model/review-messages';

interface AssignReviewFormProps {
  /** The form's accessible name. */
  label: string;
  /** The paper to assign: fixed on its page, chosen in Reviewer Management. */
  paperId: string;
  /** Reviewer Management's paper choice, above the reviewer; nothing on the paper's page. */
  paperField?: ReactNode;
  submitLabel: string;
  /** After the assignment is made (Reviewer Management clears its paper choice). */
  onAssigned?: () => void;
  /** Reviewers already standing in the paper's round (several per round): the server refuses them again, so they are not offered. */
  standingReviewerIds?: readonly string[];
}

/**
 * A reviewer who accepted an invitation, an optional due date, assign: the one implementation
 * behind Reviewer Management and a paper's page (the server's rules decide, and say why not).
 */
export function AssignReviewForm({ label, paperId, paperField, submitLabel, onAssigned, standingReviewerIds = [] }: AssignReviewFormProps) {
  const reviewers = useGetAssignableReviewersQuery();
  const [assign, { isLoading: assigning }] = useAssignReviewMutation();
  const { toast } = useToast();
  const [reviewerId, setReviewerId] = useState('');
  // Empty: the server's default period (REVIEW_DUE_DAYS).
  const [dueDay, setDueDay] = useState('');
  const [now] = useState(() => Date.now());

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!paperId || !reviewerId) return;
    try {
      await assign({ paperId, reviewerId, ...(dueDay ? { dueAt: endOfDay(dueDay) } : {}) }).unwrap();
      toast(reviewToasts.assigned);
      setReviewerId('');
      setDueDay('');
      onAssigned?.();
    } catch (error) {
      toast(assignErrorToast(toApiError(error)));
    }
  };

  return (
    <form aria-label={label} className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
      {paperField}
      {reviewers.isLoading ? (
        <p className="text-sm text-slate-600">{ASSIGNMENT_STRINGS.loadingReviewers}</p>
      ) : reviewers.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {ASSIGNMENT_STRINGS.reviewersError(toApiError(reviewers.error).message)}
        </p>
      ) : reviewers.data && reviewers.data.length > 0 ? (
        <SelectField
          label="Reviewer"
          placeholder="Select a reviewer"
          value={reviewerId}
          onChange={(event) => setReviewerId(event.target.value)}
          options={reviewers.data.filter((reviewer) => !standingReviewerIds.includes(reviewer.userId)).map((reviewer) => ({
            value: reviewer.userId,
            label: `${personName(reviewer)} (${reviewer.email})`,
          }))}
        />
      ) : (
        <p className="text-sm text-slate-600">{ASSIGNMENT_STRINGS.noReviewers}</p>
      )}
      <TextField
        label="Due date (optional)"
        type="date"
        value={dueDay}
        {...dueDayBounds(now)}
        onChange={(event) => setDueDay(event.target.value)}
      />
      <div>
        <Button type="submit" disabled={!paperId || !reviewerId || assigning}>
          {assigning ? 'Assigning...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
