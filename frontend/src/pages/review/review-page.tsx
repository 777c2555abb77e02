import { useParams } from 'react-router-dom';
import { useSession } from '@/features/auth';
import { ReviewEditor } from '@/features/review';
import { ReviewRounds } from '@/features/revisions';
import { AccessDenied, PageContainer } from '@/shared/ui';

export function ReviewPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { hasRole } = useSession();
  // Editors read any review; the API decides whether this reviewer is the assigned one.
  if (!hasRole('reviewer') && !hasRole('admin')) {
    return <AccessDenied message="You don't have permission to access this page." />;
  }
  return (
    <PageContainer className="max-w-3xl">
      <ReviewEditor reviewId={id} earlierRounds={(paperId) => <ReviewRounds paperId={paperId} viewer="reviewer" />} />
    </PageContainer>
  );
}
