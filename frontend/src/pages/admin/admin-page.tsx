import { AdminDashboard } from '@/features/admin';
import { ReviewerInvitations } from '@/features/invitations';
import { ReviewAssignments } from '@/features/review';
import { PageContainer } from '@/shared/ui';

export function AdminPage() {
  return (
    <PageContainer>
      <AdminDashboard
        reviewerManagement={
          <>
            <ReviewAssignments />
            <ReviewerInvitations />
          </>
        }
      />
    </PageContainer>
  );
}
