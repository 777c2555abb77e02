import { NotBuiltYet } from '@/shared/ui';

export function AdminPage() {
  return <NotBuiltYet title="Admin Dashboard" />;
}
