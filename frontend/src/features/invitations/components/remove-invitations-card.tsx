import { UserX } from 'lucide-react';
import { SectionCard, useToast } from '@/shared/ui';
import { useRemoveInvitationsMutation } from '../api/invitations-api';
import { invitationToasts } from '../model/invitation-messages';
import { EmailActionForm } from './email-action-form';

/** Removes every invitation of an e-mail; links already sent for it stop working. */
export function RemoveInvitationsCard() {
  const [remove, { isLoading }] = useRemoveInvitationsMutation();
  const { toast } = useToast();

  const onSubmit = async (address: string): Promise<boolean> => {
    try {
      await remove({ email: address }).unwrap();
      toast(invitationToasts.invitationRemoved);
      return true;
    } catch {
      toast(invitationToasts.removeFailed);
      return false;
    }
  };

  return (
    <SectionCard
      title="Remove Invitations"
      icon={UserX}
      iconClassName="text-red-600"
      description="Removes every invitation for an email, pending or not. Links already sent stop working."
    >
      <EmailActionForm
        name="Remove all invitations for an email"
        label="Email to remove"
        action="Remove All Invitations"
        variant="destructive"
        isLoading={isLoading}
        onSubmit={onSubmit}
      />
    </SectionCard>
  );
}
