import { NotBuiltYet } from '@/shared/ui';

export function ContactPage() {
  return <NotBuiltYet title="Contact" />;
}
