import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { SectionCard, SelectField, Spinner } from '@/shared/ui';
import { useGetAssignablePapersQuery } from '../api/review-api';
import { ASSIGNMENT_STRINGS } from '../model/review-messages';
import { AssignReviewForm } from './assign-review-form';

/** With several reviewers per round, how many a paper's round has; with the spec's one, nothing (its list stays as the spec shows it). */
function reviewerPlaces(paper: { assignedReviewers: number; reviewersPerRound: number }): string {
  return paper.reviewersPerRound > 1 ? ` — ${paper.assignedReviewers} of ${paper.reviewersPerRound} reviewers` : '';
}

/** The spec's Assign Papers for Review card: a paper without a reviewer, an assignable reviewer, assign. */
export function AssignPaperCard() {
  const papers = useGetAssignablePapersQuery();
  const [paperId, setPaperId] = useState('');

  return (
    <SectionCard
      title="Assign Papers for Review"
      icon={ClipboardList}
      description="Choose a submitted paper that has no reviewer yet and a reviewer who accepted an invitation."
    >
      <AssignReviewForm
        label="Assign a paper"
        paperId={paperId}
        standingReviewerIds={papers.data?.find((paper) => paper.id === paperId)?.reviewerIds}
        submitLabel="Assign Paper for Review"
        onAssigned={() => setPaperId('')}
        paperField={
          papers.isLoading ? (
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
              options={papers.data.map((paper) => ({ value: paper.id, label: `${paper.title} (${paper.category})${reviewerPlaces(paper)}` }))}
            />
          ) : (
            <p className="text-sm text-slate-600">{ASSIGNMENT_STRINGS.noPapers}</p>
          )
        }
      />
    </SectionCard>
  );
}
