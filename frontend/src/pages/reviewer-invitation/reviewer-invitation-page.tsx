import { NotBuiltYet } from '@/shared/ui';

export function ReviewerInvitationPage() {
  return <NotBuiltYet title="Reviewer Invitation" />;
}
