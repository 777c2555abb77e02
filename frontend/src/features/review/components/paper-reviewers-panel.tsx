import { UserCheck } from 'lucide-react';
import { SectionCard, Spinner } from '@/shared/ui';
import { useGetAssignablePapersQuery, useGetReviewAssignmentsQuery } from '../api/review-api';
import { roundName } from '../model/round-label';
import { PAPER_REVIEWERS_STRINGS } from '../model/review-messages';
import { AssignmentRow } from './assignment-row';
import { AssignReviewForm } from './assign-review-form';

/**
 * Reviewer Management for one paper, on its page (where the e-mails about it lead the editors):
 * assign its current round, and withdraw, move the due date of or remind each assignment. The same
 * components and endpoints as Reviewer Management: the server's list of assignable papers says
 * whether this one may take a reviewer now. Every row names its round: the page is about the rounds.
 */
export function PaperReviewersPanel({ paperId }: { paperId: string }) {
  const assignable = useGetAssignablePapersQuery();
  const assignments = useGetReviewAssignmentsQuery();
  const ofPaper = (assignments.data ?? []).filter((assignment) => assignment.paperId === paperId);
  const open = assignable.data?.find((paper) => paper.id === paperId);

  return (
    <SectionCard title="Reviewers" icon={UserCheck} description={PAPER_REVIEWERS_STRINGS.description} contentClassName="grid gap-6">
      {assignable.isLoading ? (
        <Spinner size="sm" label="Loading papers" />
      ) : assignable.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {PAPER_REVIEWERS_STRINGS.assignableError}
        </p>
      ) : open ? (
        <div className="grid gap-3">
          {open.reviewersPerRound > 1 && <p className="text-sm text-slate-700">{PAPER_REVIEWERS_STRINGS.places(open.round, open.assignedReviewers, open.reviewersPerRound)}</p>}
          <AssignReviewForm label="Assign a reviewer" paperId={paperId} submitLabel="Assign Reviewer" standingReviewerIds={open.reviewerIds} />
        </div>
      ) : (
        <p className="text-sm text-slate-600">{PAPER_REVIEWERS_STRINGS.notAssignable}</p>
      )}
      {assignments.isLoading ? (
        <Spinner size="sm" label="Loading assignments" />
      ) : assignments.isError ? (
        <p role="alert" className="text-sm text-red-800">
          The assignments could not be loaded.
        </p>
      ) : ofPaper.length === 0 ? (
        <p className="text-sm text-slate-600">{PAPER_REVIEWERS_STRINGS.noAssignments}</p>
      ) : (
        <ul aria-label="Assignments of this paper" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {ofPaper.map((assignment) => (
            <AssignmentRow key={assignment.id} assignment={assignment} roundLabel={roundName(assignment.round)} context="one paper" />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
