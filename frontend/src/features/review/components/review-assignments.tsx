import { AssignPaperCard } from './assign-paper-card';
import { CurrentAssignmentsCard } from './current-assignments-card';

/** The assignment parts of the admin's Reviewer Management tab, in the spec's order. */
export function ReviewAssignments() {
  return (
    <div className="grid gap-6">
      <AssignPaperCard />
      <CurrentAssignmentsCard />
    </div>
  );
}
