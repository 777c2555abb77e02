import { ActiveReviewersDebugCard } from './active-reviewers-debug-card';
import { InviteReviewerCard } from './invite-reviewer-card';
import { RecentInvitationsCard } from './recent-invitations-card';
import { RemoveInvitationsCard } from './remove-invitations-card';

/** The invitation parts of the admin's Reviewer Management tab, in the spec's order. */
export function ReviewerInvitations() {
  return (
    <div className="grid gap-6">
      <InviteReviewerCard />
      <RemoveInvitationsCard />
      <ActiveReviewersDebugCard />
      <RecentInvitationsCard />
    </div>
  );
}
