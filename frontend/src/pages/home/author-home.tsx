import { OrcidCard } from '@/features/orcid';
import { AuthorDashboard } from '@/features/submission';
import { type SessionUser } from '@/shared/api';
import { PageContainer } from '@/shared/ui';

// Loaded on demand so the visitors' landing page stays small.
export default function AuthorHome({ user }: { user: SessionUser }) {
  return (
    <PageContainer>
      <AuthorDashboard user={user} orcidCard={<OrcidCard user={user} />} />
    </PageContainer>
  );
}
