import { NotBuiltYet } from '@/shared/ui';

export function SubmitPage() {
  return <NotBuiltYet title="Submit a Paper" />;
}
