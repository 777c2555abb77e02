import { useParams } from 'react-router-dom';
import { useSession } from '@/features/auth';
import { ReviewEditor } from '@/features/review';
import { ReviewRounds } from '@/features/revisions';
import { paths } from '@/shared/config/paths';
import { AccessDenied, BackLink, PageContainer } from '@/shared/ui';

export function ReviewPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { hasRole } = useSession();
  // Editors read any review; the API decides whether this reviewer is the assigned one.
  if (!hasRole('reviewer') && !hasRole('admin')) {
    return <AccessDenied message="You don't have permission to access this page." />;
  }
  return (
    <PageContainer className="max-w-3xl">
      {/* A reviewer lands here from the assignment and reminder e-mails: the way back is their dashboard, an editor's is theirs. */}
      {hasRole('reviewer') ? (
        <BackLink to={paths.reviewerDashboard.getHref()} label="Back to your reviewer dashboard" />
      ) : (
        <BackLink to={paths.admin.getHref()} label="Back to the admin dashboard" />
      )}
      <ReviewEditor reviewId={id} earlierRounds={(paperId) => <ReviewRounds paperId={paperId} viewer="reviewer" />} />
    </PageContainer>
  );
}
