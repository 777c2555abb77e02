import { NotBuiltYet } from '@/shared/ui';

export function PapersPage() {
  return <NotBuiltYet title="Published Papers" />;
}
