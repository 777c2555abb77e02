import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { type AccessGrants, AccessService } from '../../common/access/access.service.js';
import { Permission } from '../../common/access/permission.js';
import { validateInput } from '../../common/http/validation-errors.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { AuthUser } from '../auth/auth-user.js';
import { InvitationsService } from '../invitations/invitations.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import type { FileDownload } from '../storage/file-download.js';
import type { IncomingUpload, ReceivedUpload } from '../storage/upload/incoming-upload.js';
import { StorageService } from '../storage/storage.service.js';
import { UsersService } from '../users/users.service.js';
import {
  type ListMessagesQueryDto,
  type MessageDto,
  type MessageListDto,
  MESSAGES_DEFAULT_LIMIT,
  ReplyDto,
  SendToEditorsDto,
  SendToReviewerDto,
} from './dtos/message.dto.js';
import { MessageAttachment } from './entities/message-attachment.entity.js';
import { ReviewerMessage } from './entities/reviewer-message.entity.js';
import { MessagingException } from './messaging.exception.js';
import { queueEditorMail, queueMessageMail } from './editor-mail-window.js';
import { replySubject } from './reply-subject.js';

/** How the editorial team is named as a message's recipient. */
export const EDITORIAL_TEAM = 'Editorial Team';

interface NewMessage {
  sender: AuthUser;
  /** null: the editorial team. */
  recipientId: string | null;
  parentId: string | null;
  subject: string;
  body: string;
}

/**
 * Messages between the editorial team and reviewers (docs/api.md, Messages): an editor writes to
 * one active reviewer, a reviewer to the editorial team (every editor sees it); either side
 * replies to what it received. A message, its images and its e-mails are recorded in one
 * transaction. Who may read or answer a message, or see its images, is the access policy's
 * `message.*` and `attachment.read`; a message the caller may not read does not exist for them.
 */
@Injectable()
export class MessagingService {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly access: AccessService,
    private readonly notifications: NotificationsService,
    private readonly storage: StorageService,
    private readonly users: UsersService,
    private readonly invitations: InvitationsService,
  ) {}

  /** The editors' Messages tab: every message, newest first, and the reviewers' messages no editor has opened. */
  async listAll(editor: AuthUser, query: ListMessagesQueryDto): Promise<MessageListDto> {
    const repository = this.em.getRepository(ReviewerMessage);
    const messages = await repository.all(query.limit ?? MESSAGES_DEFAULT_LIMIT);
    return { unread: await repository.unreadByEditors(), messages: await this.describe(messages, editor) };
  }

  /** A reviewer's conversation with the editorial team, newest first, and what was sent to them unopened. */
  async listOwn(reviewer: AuthUser, query: ListMessagesQueryDto): Promise<MessageListDto> {
    const repository = this.em.getRepository(ReviewerMessage);
    const messages = await repository.conversationOf(reviewer.id, query.limit ?? MESSAGES_DEFAULT_LIMIT);
    return { unread: await repository.unreadBy(reviewer.id), messages: await this.describe(messages, reviewer) };
  }

  /** An editor's message to one active reviewer (an accepted invitation, an account with a profile, the reviewer role). */
  async sendToReviewer(editor: AuthUser, form: IncomingUpload): Promise<MessageDto> {
    const upload = await form.receive(editor.id);
    return this.withUpload(upload, async () => {
      const fields = await validateInput(SendToReviewerDto, upload.fields);
      const reviewer = (await this.invitations.assignableReviewers()).find((candidate) => candidate.userId === fields.recipientId);
      if (!reviewer || reviewer.userId === editor.id) throw new MessagingException('recipientNotReviewer');
      return this.record({ sender: editor, recipientId: reviewer.userId, parentId: null, subject: fields.subject, body: fields.body }, upload);
    });
  }

  /** A reviewer's message to the editorial team; refused before the images upload when there is no editor at all. */
  async sendToEditors(reviewer: AuthUser, form: IncomingUpload): Promise<MessageDto> {
    await this.requireEditors(reviewer);
    const upload = await form.receive(reviewer.id);
    return this.withUpload(upload, async () => {
      const fields = await validateInput(SendToEditorsDto, upload.fields);
      return this.record({ sender: reviewer, recipientId: null, parentId: null, subject: fields.subject, body: fields.body }, upload);
    });
  }

  /** Opening a message marks it read when the reader is its recipient side (the reviewer, or an editor for the team's). */
  async get(user: AuthUser, id: string): Promise<MessageDto> {
    const grants = await this.access.requireAccess(user, Permission.MessageRead, [id]);
    const recipientSide = grants.get(id)?.has(Permission.MessageSend) ?? false;
    if (recipientSide) await this.em.getRepository(ReviewerMessage).markRead(id);
    const message = await this.em.findOne(ReviewerMessage, { id }, { refresh: true });
    if (!message) throw new MessagingException('notFound');
    const [described] = await this.describe([message], user, grants);
    return described;
  }

  /** A reply goes back to the other side, its subject the original's prefixed 'Re: ' once. */
  async reply(user: AuthUser, id: string, form: IncomingUpload): Promise<MessageDto> {
    await this.access.requireAccess(user, Permission.MessageSend, [id]);
    const parent = await this.em.findOne(ReviewerMessage, { id });
    if (!parent) throw new MessagingException('notFound');
    const recipientId = parent.recipientId === null ? parent.senderId : null;
    if (recipientId === null) await this.requireEditors(user);
    const upload = await form.receive(user.id);
    return this.withUpload(upload, async () => {
      const fields = await validateInput(ReplyDto, upload.fields);
      return this.record({ sender: user, recipientId, parentId: parent.id, subject: replySubject(parent.subject), body: fields.body }, upload);
    });
  }

  /** An image of a message, for its sender, its recipient side and the editors. */
  async openAttachment(user: AuthUser, messageId: string, attachmentId: string): Promise<FileDownload> {
    await this.access.requireAccess(user, Permission.AttachmentRead, [attachmentId]);
    const attachment = await this.em.findOne(MessageAttachment, { id: attachmentId, messageId });
    if (!attachment) throw new MessagingException('attachmentNotFound');
    const stored = await this.storage.openReferenced(attachment.storageKey);
    return { ...stored, contentType: attachment.contentType, fileName: attachment.originalName };
  }

  /**
   * The message, its images and one e-mail to each recipient, in one transaction: the reviewer,
   * or every editor (but the sender) for a message to the team, at most one a window per sender
   * (the rest in a digest, `editor-mail-window.ts`). No editor left is the spec's error.
   */
  private async record(input: NewMessage, upload: ReceivedUpload): Promise<MessageDto> {
    const senderName = input.recipientId === null ? await this.nameOf(input.sender) : this.config.journal.shortName;
    const message = await this.notifications.inTransaction(async (tx, mail) => {
      const created = tx.create(ReviewerMessage, {
        senderId: input.sender.id,
        recipientId: input.recipientId,
        parentId: input.parentId,
        subject: input.subject,
        content: input.body,
        readAt: null,
      });
      // The message first: the entities name no relations, so the ORM cannot order the inserts by the foreign keys.
      await tx.flush();
      if (upload.files.length > 0) await this.requireQuotaRoom(tx, input.sender.id, upload);
      upload.files.forEach((file, position) =>
        tx.create(MessageAttachment, {
          messageId: created.id,
          position,
          storageKey: file.key,
          contentType: file.contentType,
          size: file.size,
          originalName: file.originalName,
        }),
      );
      const recipients =
        input.recipientId === null
          ? (await this.access.editorialTeam(tx)).filter((editor) => editor.id !== input.sender.id)
          : [...(await this.users.emailsOf([input.recipientId], tx))].map(([recipientId, email]) => ({ id: recipientId, email }));
      if (recipients.length === 0) {
        if (input.recipientId === null) throw MessagingException.noEditors(this.config.journal.contactEmail);
        throw new MessagingException('recipientNotReviewer');
      }
      // Where the recipient reads and answers it: the editors' dashboard opens on its Messages tab.
      const dashboardUrl = `${this.config.http.publicUrl}${input.recipientId === null ? '/admin?tab=messages' : '/reviewer-dashboard'}`;
      const about = { messageId: created.id, senderName, subject: input.subject, content: input.body, dashboardUrl };
      if (input.recipientId === null) {
        // In id order: the window rows are locked one by one, and two messages must not lock them crosswise.
        for (const editor of [...recipients].sort((a, b) => a.id.localeCompare(b.id))) {
          await queueEditorMail(tx, mail, { ...about, recipient: editor, senderId: input.sender.id, windowMs: this.config.messaging.emailWindowMs });
        }
      } else {
        for (const recipient of recipients) queueMessageMail(mail, { ...about, recipient });
      }
      await tx.flush();
      return created;
    });
    const [described] = await this.describe([message], input.sender);
    return described;
  }

  /** Whatever fails after the images were stored removes them. */
  private async withUpload<T>(upload: ReceivedUpload, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      await upload.discard();
      throw error;
    }
  }

  /**
   * The sender's stored images and these stay within ATTACHMENT_QUOTA_MB_PER_USER. Checked once
   * the form is read (its images are optional, and a message without any is never refused), under
   * a lock per sender, so two messages sent at once cannot both take the last of the allowance.
   */
  private async requireQuotaRoom(tx: EntityManager, senderId: string, upload: ReceivedUpload): Promise<void> {
    const attachments = tx.getRepository(MessageAttachment);
    await attachments.lockQuotaOf(senderId);
    const used = await attachments.storedBytesOf(senderId);
    const quota = this.config.uploads.attachmentQuotaBytesPerUser;
    const incoming = upload.files.reduce((total, file) => total + file.size, 0);
    if (used + incoming > quota) throw MessagingException.quotaExceeded(quota, used);
  }

  /** The spec's 'No admin users found…' when nobody but the sender could read a message to the team. */
  private async requireEditors(sender: AuthUser): Promise<void> {
    const editors = await this.access.editorialTeam();
    if (!editors.some((editor) => editor.id !== sender.id)) throw MessagingException.noEditors(this.config.journal.contactEmail);
  }

  private async nameOf(user: AuthUser): Promise<string> {
    return (await this.users.displayNamesOf([user.id])).get(user.id) ?? user.email;
  }

  /**
   * The messages as the reader sees them. Whether the reader is a message's recipient side (may
   * reply, sees it unread) is the policy's `message.send`, from the relation row `get` already
   * read or, for a list, one query for all of them.
   */
  private async describe(messages: readonly ReviewerMessage[], reader: AuthUser, known?: AccessGrants): Promise<MessageDto[]> {
    if (messages.length === 0) return [];
    const ids = messages.map((message) => message.id);
    const grants = known ?? (await this.access.grantsOnEach(reader, 'message', ids));
    const attachments = await this.em.find(MessageAttachment, { messageId: { $in: ids } }, { orderBy: { messageId: 'asc', position: 'asc' } });
    const people = messages.flatMap((message) => (message.recipientId ? [message.senderId, message.recipientId] : [message.senderId]));
    const names = await this.users.displayNamesOf(people);
    return messages.map((message) => {
      const mine = grants.get(message.id)?.has(Permission.MessageSend) ?? false;
      return {
        id: message.id,
        parentId: message.parentId ?? null,
        sender: { id: message.senderId, name: names.get(message.senderId) ?? '' },
        fromEditorialTeam: message.recipientId !== null,
        recipient: message.recipientId ? { id: message.recipientId, name: names.get(message.recipientId) ?? '' } : { id: null, name: EDITORIAL_TEAM },
        subject: message.subject,
        body: message.content,
        isRead: message.readAt !== null && message.readAt !== undefined,
        unread: mine && (message.readAt === null || message.readAt === undefined),
        canReply: mine,
        createdAt: message.createdAt.toISOString(),
        attachments: attachments
          .filter((attachment) => attachment.messageId === message.id)
          .map((attachment) => ({
            id: attachment.id,
            url: `/api/messages/${message.id}/attachments/${attachment.id}`,
            type: 'image' as const,
            contentType: attachment.contentType,
            size: attachment.size,
            name: attachment.originalName,
          })),
      };
    });
  }
}
