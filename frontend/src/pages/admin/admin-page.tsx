import { AdminDashboard } from '@/features/admin';
import { useSession } from '@/features/auth';
import { ReviewerInvitations } from '@/features/invitations';
import { EditorMessages, EditorUnreadBadge } from '@/features/messages';
import { OrcidCard } from '@/features/orcid';
import { ReviewAssignments, RubricEditor } from '@/features/review';
import { PageContainer } from '@/shared/ui';

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
        messages={{ panel: <EditorMessages />, badge: <EditorUnreadBadge /> }}
        orcid={user && <OrcidCard user={user} />}
        rubric={<RubricEditor />}
      />
    </PageContainer>
  );
}
