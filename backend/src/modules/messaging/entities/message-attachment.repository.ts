import { EntityRepository } from '@mikro-orm/postgresql';
import type { MessageAttachment } from './message-attachment.entity.js';

export class MessageAttachmentRepository extends EntityRepository<MessageAttachment> {
  /**
   * Serialises the sender's attachment bookkeeping until the caller's transaction ends: an
   * advisory lock, which the ORM cannot take, so two messages sent at once cannot both take the
   * last of the sender's allowance.
   */
  async lockQuotaOf(senderId: string): Promise<void> {
    await this.em.execute('select pg_advisory_xact_lock(hashtext(?))', [`attachment-quota:${senderId}`]);
  }

  /** The bytes of every image the sender has attached to any message. */
  async storedBytesOf(senderId: string): Promise<number> {
    const [{ used }] = await this.em.execute<{ used: string }[]>(
      `select coalesce(sum(a.size), 0) as used
         from message_attachments a join reviewer_messages m on m.id = a.message_id
        where m.sender_id = ?`,
      [senderId],
    );
    return Number(used);
  }
}
