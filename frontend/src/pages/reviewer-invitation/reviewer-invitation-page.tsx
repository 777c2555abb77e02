import { useSearchParams } from 'react-router-dom';
import { useSession } from '@/features/auth';
import { ReviewerInvitation } from '@/features/invitations';
import { PageContainer } from '@/shared/ui';

/** Open to visitors: the e-mailed link lands here, signed in or not. */
export function ReviewerInvitationPage() {
  const [searchParams] = useSearchParams();
  const { status, user } = useSession();
  return (
    <PageContainer>
      <ReviewerInvitation token={searchParams.get('token')} viewer={{ status, email: user?.email ?? null }} />
    </PageContainer>
  );
}
