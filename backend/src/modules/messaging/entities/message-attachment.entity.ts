import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { MessageAttachmentRepository } from './message-attachment.repository.js';

/**
 * An image attached to a message (migration 20261124001000), stored by the upload pipeline under
 * `storageKey` with its metadata removed; `contentType` is the type sniffed from its content.
 */
const MessageAttachmentSchema = defineEntity({
  name: 'MessageAttachment',
  tableName: 'message_attachments',
  repository: () => MessageAttachmentRepository,
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    messageId: p.uuid(),
    position: p.integer(),
    storageKey: p.string().length(512),
    contentType: p.string().length(100),
    size: p.integer(),
    originalName: p.string().length(255),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class MessageAttachment extends MessageAttachmentSchema.class {}
MessageAttachmentSchema.setClass(MessageAttachment);
export { MessageAttachmentSchema };
