import { Mail } from 'lucide-react';
import { formatDate } from '@/shared/lib/format-date';
import { SectionCard, Spinner } from '@/shared/ui';
import { RECENT_LIST_LIMIT } from '../model/invitation-labels';
import { useInvitationList } from '../model/use-invitation-list';
import { DeliveryBadge, InvitationStatusBadge } from './invitation-badges';

/** The latest invitations of any status, with whether each e-mail went out. */
export function RecentInvitationsCard() {
  const { data, isLoading, isError } = useInvitationList({ limit: RECENT_LIST_LIMIT });
  return (
    <SectionCard title="Recent Invitations" icon={Mail} description={`The latest ${RECENT_LIST_LIMIT} invitations.`}>
      {isLoading ? (
        <Spinner label="Loading invitations" />
      ) : isError || !data ? (
        <p className="text-sm text-red-800">The invitations could not be loaded.</p>
      ) : data.length === 0 ? (
        <p className="text-sm text-slate-600">No invitations sent yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Recent Invitations</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">Email</th>
                <th scope="col" className="py-2 pr-4 font-medium">Invited</th>
                <th scope="col" className="py-2 pr-4 font-medium">Expires</th>
                <th scope="col" className="py-2 pr-4 font-medium">Status</th>
                <th scope="col" className="py-2 font-medium">Delivery</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.map((invitation) => (
                <tr key={invitation.id}>
                  <td className="py-2 pr-4 font-medium break-all text-slate-900">{invitation.email}</td>
                  <td className="py-2 pr-4 whitespace-nowrap text-slate-700">{formatDate(invitation.invitedAt)}</td>
                  <td className="py-2 pr-4 whitespace-nowrap text-slate-700">{formatDate(invitation.expiresAt)}</td>
                  <td className="py-2 pr-4">
                    <InvitationStatusBadge status={invitation.status} />
                  </td>
                  <td className="py-2">
                    <DeliveryBadge delivery={invitation.delivery} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SectionCard>
  );
}
