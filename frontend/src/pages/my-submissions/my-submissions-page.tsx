import { NotBuiltYet } from '@/shared/ui';

export function MySubmissionsPage() {
  return <NotBuiltYet title="My Submissions" />;
}
