import { NotBuiltYet } from '@/shared/ui';

export function StaffPage() {
  return <NotBuiltYet title="Editorial Staff" />;
}
