import { NotBuiltYet } from '@/shared/ui';

export function PaperDetailPage() {
  return <NotBuiltYet title="Paper details" />;
}
