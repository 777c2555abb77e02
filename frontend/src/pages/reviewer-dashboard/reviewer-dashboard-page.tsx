import { useSession } from '@/features/auth';
import { AccessDenied, NotBuiltYet } from '@/shared/ui';

export function ReviewerDashboardPage() {
  const { role } = useSession();
  if (role !== 'reviewer') {
    return <AccessDenied message="You don't have permission to access the reviewer dashboard." />;
  }
  return <NotBuiltYet title="Reviewer Dashboard" />;
}
