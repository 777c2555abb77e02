import { useSession } from '@/features/auth';
import { ReviewerMessagesPanel } from '@/features/messages';
import { OrcidCard } from '@/features/orcid';
import { ReviewerDashboard } from '@/features/review';
import { AccessDenied, PageContainer } from '@/shared/ui';

export function ReviewerDashboardPage() {
  const { hasRole, user } = useSession();
  if (!hasRole('reviewer')) {
    return <AccessDenied message="You don't have permission to access the reviewer dashboard." />;
  }
  return (
    <PageContainer>
      <ReviewerDashboard messages={<ReviewerMessagesPanel />} orcid={user && <OrcidCard user={user} />} />
    </PageContainer>
  );
}
