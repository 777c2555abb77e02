import { UserPlus } from 'lucide-react';
import { toApiError } from '@/shared/api';
import { formatDate } from '@/shared/lib/format-date';
import { SectionCard, Spinner, useToast } from '@/shared/ui';
import { useInviteReviewerMutation } from '../api/invitations-api';
import { PENDING_LIST_LIMIT } from '../model/invitation-labels';
import { invitationSentToast, inviteErrorToast } from '../model/invitation-messages';
import { useInvitationList } from '../model/use-invitation-list';
import { EmailActionForm } from './email-action-form';
import { DeliveryBadge } from './invitation-badges';

/** The invite form, and under it the latest pending invitations. */
export function InviteReviewerCard() {
  const [invite, { isLoading }] = useInviteReviewerMutation();
  const { toast } = useToast();

  const onSubmit = async (address: string): Promise<boolean> => {
    try {
      await invite({ email: address }).unwrap();
      toast(invitationSentToast(address));
      return true;
    } catch (error) {
      toast(inviteErrorToast(toApiError(error), address));
      return false;
    }
  };

  return (
    <SectionCard
      title="Invite Reviewers"
      icon={UserPlus}
      description="Send an invitation link to a reviewer's email. The link creates their reviewer account."
      contentClassName="grid gap-6"
    >
      <EmailActionForm name="Invite a reviewer" label="Reviewer email" action="Send Invitation" required isLoading={isLoading} onSubmit={onSubmit} />
      <PendingInvitations />
    </SectionCard>
  );
}

function PendingInvitations() {
  const { data, isLoading, isError } = useInvitationList({ status: 'pending', limit: PENDING_LIST_LIMIT });
  return (
    <section aria-labelledby="pending-invitations-title" className="grid gap-2">
      <h3 id="pending-invitations-title" className="text-sm font-semibold text-slate-800">
        Pending invitations
      </h3>
      {isLoading ? (
        <Spinner size="sm" label="Loading pending invitations" />
      ) : isError || !data ? (
        <p className="text-sm text-red-800">The pending invitations could not be loaded.</p>
      ) : data.length === 0 ? (
        <p className="text-sm text-slate-600">No pending invitations.</p>
      ) : (
        <ul aria-labelledby="pending-invitations-title" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {data.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="font-medium break-all text-slate-900">{invitation.email}</span>
              <span className="flex flex-wrap items-center gap-3 text-slate-600">
                <span>Invited {formatDate(invitation.invitedAt)}</span>
                <span>Expires {formatDate(invitation.expiresAt)}</span>
                <DeliveryBadge delivery={invitation.delivery} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
