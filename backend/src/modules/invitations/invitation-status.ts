/** An invitation's life (spec section 4): created pending, then accepted, or expired unused. */
export const INVITATION_STATUSES = ['pending', 'accepted', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
