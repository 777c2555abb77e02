import { type InvitationDelivery, type InvitationStatus } from '@/shared/api';

// Keyed by the API's enums, so a state added to the API fails the type-check here.

export type BadgeTone = 'yellow' | 'green' | 'gray' | 'blue' | 'red';

export const invitationStatusDetails: Record<InvitationStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'yellow' },
  accepted: { label: 'Accepted', tone: 'green' },
  expired: { label: 'Expired', tone: 'gray' },
};

/** Whether the invitation e-mail actually went out, from the outbox. */
export const deliveryDetails: Record<InvitationDelivery, { label: string; tone: BadgeTone }> = {
  queued: { label: 'Email queued', tone: 'blue' },
  sent: { label: 'Email sent', tone: 'green' },
  failed: { label: 'Email failed', tone: 'red' },
};

/** How often the lists ask again while an e-mail is still queued, to show it sent (or failed). */
export const DELIVERY_POLL_MS = 5000;

export const PENDING_LIST_LIMIT = 5;
export const RECENT_LIST_LIMIT = 10;
