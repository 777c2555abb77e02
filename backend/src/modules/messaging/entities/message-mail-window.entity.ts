import { defineEntity, p } from '@mikro-orm/core';
import { MessageMailWindowRepository } from './message-mail-window.repository.js';

/**
 * When the last e-mail about one sender's messages to the team was due to one editor, and the
 * digest e-mail (an outbox row) that messages written since are folded into (migration
 * 20261130001000). Its row lock serialises the sender's messages per editor.
 */
const MessageMailWindowSchema = defineEntity({
  name: 'MessageMailWindow',
  tableName: 'message_mail_windows',
  repository: () => MessageMailWindowRepository,
  properties: {
    senderId: p.uuid().primary(),
    recipientId: p.uuid().primary(),
    lastMailAt: p.datetime(),
    digestMailId: p.uuid().nullable(),
  },
});

export class MessageMailWindow extends MessageMailWindowSchema.class {}
MessageMailWindowSchema.setClass(MessageMailWindow);
export { MessageMailWindowSchema };
