import { AdminDashboard } from '@/features/admin';
import { PageContainer } from '@/shared/ui';

export function AdminPage() {
  return (
    <PageContainer>
      <AdminDashboard />
    </PageContainer>
  );
}
