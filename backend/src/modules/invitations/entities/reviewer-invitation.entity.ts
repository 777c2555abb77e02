import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { INVITATION_STATUSES } from '../invitation-status.js';
import { ReviewerInvitationRepository } from './reviewer-invitation.repository.js';

/**
 * An e-mailed invitation to become a reviewer (migration 20261123002000). `email` is as the admin
 * typed it, `emailKey` what it is compared by; the link is a `link_tokens` row, the e-mail an
 * `outbox_mails` row, both referenced by id only (they belong to other modules).
 */
const ReviewerInvitationSchema = defineEntity({
  name: 'ReviewerInvitation',
  tableName: 'reviewer_invitations',
  repository: () => ReviewerInvitationRepository,
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    email: p.string().length(254),
    emailKey: p.string().length(254),
    invitedBy: p.uuid().nullable(),
    status: p.enum(INVITATION_STATUSES).default('pending'),
    invitedAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    acceptedAt: p.datetime().nullable(),
    linkTokenId: p.uuid().nullable(),
    outboxMailId: p.uuid().nullable(),
  },
});

export class ReviewerInvitation extends ReviewerInvitationSchema.class {}
ReviewerInvitationSchema.setClass(ReviewerInvitation);
export { ReviewerInvitationSchema };
