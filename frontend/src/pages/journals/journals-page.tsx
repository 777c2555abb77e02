import { NotBuiltYet } from '@/shared/ui';

export function JournalsPage() {
  return <NotBuiltYet title="Journal Issues" />;
}
