import { NotBuiltYet } from '@/shared/ui';

export function GuidelinesPage() {
  return <NotBuiltYet title="Submission Guidelines" />;
}
