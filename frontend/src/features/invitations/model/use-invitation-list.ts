import { type InvitationListQuery } from '@/shared/api';
import { invitationsApi, useGetInvitationsQuery } from '../api/invitations-api';
import { DELIVERY_POLL_MS } from './invitation-labels';

/**
 * A list of invitations that asks again while one of its e-mails is still queued, so the
 * delivery column turns to sent (or failed) without a reload, and stops once none is.
 */
export function useInvitationList(args: InvitationListQuery) {
  const { data: shown } = invitationsApi.endpoints.getInvitations.useQueryState(args);
  const waiting = shown?.some((invitation) => invitation.delivery === 'queued') ?? false;
  return useGetInvitationsQuery(args, { pollingInterval: waiting ? DELIVERY_POLL_MS : 0 });
}
