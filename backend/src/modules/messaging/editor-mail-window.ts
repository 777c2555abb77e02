import type { EntityManager } from '@mikro-orm/postgresql';
import { MailTemplate } from '../notifications/mail/mail-template.js';
import type { MailOutbox } from '../notifications/notifications.service.js';
import { MessageMailWindow } from './entities/message-mail-window.entity.js';

/** One message's own e-mail to one recipient: a reviewer, or an editor outside a burst. */
export interface MessageMail {
  messageId: string;
  senderName: string;
  recipient: { id: string; email: string };
  subject: string;
  content: string;
  dashboardUrl: string;
}

/** What an editor is e-mailed about one message from a sender to the team. */
export interface EditorMail extends MessageMail {
  senderId: string;
  /** MESSAGE_EMAIL_WINDOW_MINUTES; 0 e-mails every message at once. */
  windowMs: number;
}

/** A digest quotes each message this far; the dashboard has them in full. */
const DIGEST_EXCERPT = 500;

const excerpt = (content: string) => (content.length > DIGEST_EXCERPT ? `${content.slice(0, DIGEST_EXCERPT - 1)}…` : content);

/**
 * One sender's messages reach each editor's inbox at most once a window: the first is e-mailed at
 * once; those written within the window after an e-mail are folded into one digest, an outbox row
 * due when the window closes (its job is delayed until then), so none is dropped. A digest takes
 * new messages only while no attempt to send it has started (`attempts = 0`, updated under its
 * row lock, which the worker's claim waits on), so each message is in exactly one e-mail; once
 * tried, the next messages start a digest of their own, a window later. The window row's lock
 * serialises the sender's messages per editor; callers lock editors in id order.
 */
export async function queueEditorMail(tx: EntityManager, mail: MailOutbox, input: EditorMail): Promise<void> {
  const { senderId, recipient: editor } = input;
  if (input.windowMs === 0) {
    queueMessageMail(mail, input);
    return;
  }
  const windows = tx.getRepository(MessageMailWindow);
  const window = await windows.lock(senderId, editor.id, input.windowMs);
  if (!window.open) {
    queueMessageMail(mail, input);
    await windows.restart(senderId, editor.id);
    return;
  }
  const item = { messageSubject: input.subject, content: excerpt(input.content) };
  if (window.digestMailId && (await mail.appendToDigest(window.digestMailId, item))) return;
  const digest = mail.queue({
    template: MailTemplate.MessageDigest,
    to: editor.email,
    data: { senderName: input.senderName, count: 1, messages: [item], dashboardUrl: input.dashboardUrl },
    dedupeKey: `message-digest:${input.messageId}:${editor.id}`,
    dueAt: window.closesAt,
  });
  // The digest's row first: the window names it.
  await tx.flush();
  await windows.recordDigest(senderId, editor.id, window.closesAt, digest.id);
}

export function queueMessageMail(mail: MailOutbox, input: MessageMail): void {
  mail.queue({
    template: MailTemplate.MessageReceived,
    to: input.recipient.email,
    data: { senderName: input.senderName, messageSubject: input.subject, content: input.content, dashboardUrl: input.dashboardUrl },
    dedupeKey: `message:${input.messageId}:${input.recipient.id}`,
  });
}
