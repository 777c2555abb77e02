import { AdminDashboard } from '@/features/admin';
import { useSession } from '@/features/auth';
import { ReviewerInvitations } from '@/features/invitations';
import { EditorMessages, EditorUnreadBadge } from '@/features/messages';
import { OrcidCard } from '@/features/orcid';
import { ReviewAssignments, RubricEditor, useGetAssignableReviewersQuery } from '@/features/review';
import { PageContainer } from '@/shared/ui';

/** The Messages tab: an editor writes to the reviewers the review feature lists as assignable. */
function EditorMessagesPanel() {
  const reviewers = useGetAssignableReviewersQuery();
  return <EditorMessages reviewers={reviewers} />;
}

export function AdminPage() {
  const { user } = useSession();
  return (
    <PageContainer>
      <AdminDashboard
        reviewerManagement={
          <>
            <ReviewAssignments />
            <ReviewerInvitations />
          </>
        }
        messages={{ panel: <EditorMessagesPanel />, badge: <EditorUnreadBadge /> }}
        orcid={user && <OrcidCard user={user} />}
        rubric={<RubricEditor />}
      />
    </PageContainer>
  );
}
