import { EntityRepository, type FilterQuery } from '@mikro-orm/postgresql';
import type { ReviewerMessage } from './reviewer-message.entity.js';

/** The conversations, newest first, and what is unread in them. */
export class ReviewerMessageRepository extends EntityRepository<ReviewerMessage> {
  /** Every message (the editors' Messages tab). */
  all(limit: number): Promise<ReviewerMessage[]> {
    return this.find({}, { orderBy: { createdAt: 'desc', id: 'desc' }, limit });
  }

  /** A reviewer's own conversation with the editorial team: what they sent and what was sent to them. */
  conversationOf(reviewerId: string, limit: number): Promise<ReviewerMessage[]> {
    return this.find(this.conversationFilter(reviewerId), { orderBy: { createdAt: 'desc', id: 'desc' }, limit });
  }

  /** The reviewers' messages no editor has opened yet. */
  unreadByEditors(): Promise<number> {
    return this.count({ recipientId: null, readAt: null });
  }

  unreadBy(reviewerId: string): Promise<number> {
    return this.count({ recipientId: reviewerId, readAt: null });
  }

  /** Marks the message read unless it already is; the first opening is the one kept. */
  async markRead(id: string): Promise<void> {
    await this.nativeUpdate({ id, readAt: null }, { readAt: new Date() });
  }

  private conversationFilter(reviewerId: string): FilterQuery<ReviewerMessage> {
    return { $or: [{ senderId: reviewerId, recipientId: null }, { recipientId: reviewerId }] };
  }
}
