import { ListChecks } from 'lucide-react';
import { SectionCard, Spinner } from '@/shared/ui';
import { useGetReviewAssignmentsQuery } from '../api/review-api';
import { roundLabels } from '../model/round-label';
import { ASSIGNMENT_STRINGS } from '../model/review-messages';
import { AssignmentRow } from './assignment-row';

/** Every assignment, newest first (the server's order), with a withdraw for those still open; a declined one shows its reason. */
export function CurrentAssignmentsCard() {
  const { data, isLoading, isError } = useGetReviewAssignmentsQuery();
  const labels = roundLabels(data ?? []);
  return (
    <SectionCard title="Current Assignments" icon={ListChecks} description="Papers out for review, newest assignment first.">
      {isLoading ? (
        <Spinner size="sm" label="Loading assignments" />
      ) : isError || !data ? (
        <p role="alert" className="text-sm text-red-800">
          The assignments could not be loaded.
        </p>
      ) : data.length === 0 ? (
        <p className="text-sm text-slate-600">{ASSIGNMENT_STRINGS.noAssignments}</p>
      ) : (
        <ul aria-label="Current assignments" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {data.map((assignment) => (
            <AssignmentRow key={assignment.id} assignment={assignment} roundLabel={labels.get(assignment.id) ?? null} context="all papers" />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
