import { useSession } from '@/features/auth';
import { ReviewerDashboard } from '@/features/review';
import { AccessDenied, PageContainer } from '@/shared/ui';

export function ReviewerDashboardPage() {
  const { hasRole } = useSession();
  if (!hasRole('reviewer')) {
    return <AccessDenied message="You don't have permission to access the reviewer dashboard." />;
  }
  return (
    <PageContainer>
      <ReviewerDashboard />
    </PageContainer>
  );
}
