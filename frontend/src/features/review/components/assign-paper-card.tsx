import { ClipboardList } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toApiError } from '@/shared/api';
import { Button, SectionCard, SelectField, Spinner, TextField, useToast } from '@/shared/ui';
import { useAssignReviewMutation, useGetAssignablePapersQuery, useGetAssignableReviewersQuery } from '../api/review-api';
import { personName } from '@/shared/lib/person-name';
import { dueDayBounds, endOfDay } from '../model/due-date';
import { ASSIGNMENT_STRINGS, assignErrorToast, reviewToasts } from '../model/review-messages';

/** The spec's Assign Papers for Review card: a paper without a reviewer, an assignable reviewer, assign. */
export function AssignPaperCard() {
  const papers = useGetAssignablePapersQuery();
  const reviewers = useGetAssignableReviewersQuery();
  const [assign, { isLoading: assigning }] = useAssignReviewMutation();
  const { toast } = useToast();
  const [paperId, setPaperId] = useState('');
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
      setPaperId('');
      setReviewerId('');
      setDueDay('');
    } catch (error) {
      toast(assignErrorToast(toApiError(error)));
    }
  };

  return (
    <SectionCard
      title="Assign Papers for Review"
      icon={ClipboardList}
      description="Choose a submitted paper that has no reviewer yet and a reviewer who accepted an invitation."
    >
      <form aria-label="Assign a paper" className="grid gap-4" onSubmit={(event) => void onSubmit(event)}>
        {papers.isLoading ? (
          <Spinner size="sm" label="Loading papers" />
        ) : papers.isError ? (
          <p role="alert" className="text-sm text-red-800">
            The papers could not be loaded.
          </p>
        ) : papers.data && papers.data.length > 0 ? (
          <SelectField
            label="Paper"
            placeholder="Select a paper"
            value={paperId}
            onChange={(event) => setPaperId(event.target.value)}
            options={papers.data.map((paper) => ({ value: paper.id, label: `${paper.title} (${paper.category})` }))}
          />
        ) : (
          <p className="text-sm text-slate-600">{ASSIGNMENT_STRINGS.noPapers}</p>
        )}
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
            options={reviewers.data.map((reviewer) => ({
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
            {assigning ? 'Assigning...' : 'Assign Paper for Review'}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
