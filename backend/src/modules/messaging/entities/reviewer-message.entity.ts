import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { ReviewerMessageRepository } from './reviewer-message.repository.js';

/**
 * A message between the editorial team and one reviewer (migration 20261124001000). An editor's
 * message names its reviewer in `recipientId`; a reviewer's message goes to the editorial team,
 * so `recipientId` is null. `readAt` is when the recipient side (the reviewer, or any editor for
 * the team's messages) first opened it. Accounts are referenced by id only.
 */
const ReviewerMessageSchema = defineEntity({
  name: 'ReviewerMessage',
  tableName: 'reviewer_messages',
  repository: () => ReviewerMessageRepository,
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    senderId: p.uuid(),
    recipientId: p.uuid().nullable(),
    parentId: p.uuid().nullable(),
    subject: p.text(),
    content: p.text(),
    readAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class ReviewerMessage extends ReviewerMessageSchema.class {}
ReviewerMessageSchema.setClass(ReviewerMessage);
export { ReviewerMessageSchema };
