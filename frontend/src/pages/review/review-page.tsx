import { useSession } from '@/features/auth';
import { AccessDenied, NotBuiltYet } from '@/shared/ui';

export function ReviewPage() {
  const { role } = useSession();
  if (role !== 'reviewer') {
    return <AccessDenied message="You don't have permission to access this page." />;
  }
  return <NotBuiltYet title="Write a review" />;
}
