import { EntityRepository } from '@mikro-orm/postgresql';
import type { MessageMailWindow } from './message-mail-window.entity.js';

/** A window as the sender's next message finds it, its row locked until the transaction ends. */
export interface LockedMailWindow {
  /** An e-mail about the sender's messages went to the editor less than the window ago. */
  open: boolean;
  closesAt: Date;
  /** The digest the next message may be folded into, if one was queued in this window. */
  digestMailId: string | null;
}

/**
 * Written in SQL because the window is a lock and a comparison with the database's clock: the
 * row is created if missing and locked (`for update`) in the caller's transaction, so one
 * sender's messages to an editor take turns, and every time is the database's `now()`.
 */
export class MessageMailWindowRepository extends EntityRepository<MessageMailWindow> {
  /** Locks the sender's window towards the editor, creating it closed, and says how it stands. */
  async lock(senderId: string, recipientId: string, windowMs: number): Promise<LockedMailWindow> {
    await this.em.execute(
      `insert into message_mail_windows (sender_id, recipient_id, last_mail_at) values (?, ?, '-infinity') on conflict do nothing`,
      [senderId, recipientId],
    );
    const [window] = await this.em.execute<{ open: boolean; closes_at: Date; digest_mail_id: string | null }[]>(
      `select last_mail_at + ? * interval '1 millisecond' > now() as open, last_mail_at + ? * interval '1 millisecond' as closes_at, digest_mail_id
         from message_mail_windows where sender_id = ? and recipient_id = ? for update`,
      [windowMs, windowMs, senderId, recipientId],
    );
    return { open: window.open, closesAt: new Date(window.closes_at), digestMailId: window.digest_mail_id };
  }

  /** An e-mail went out now, outside any digest: a new window opens. */
  async restart(senderId: string, recipientId: string): Promise<void> {
    await this.em.execute('update message_mail_windows set last_mail_at = now(), digest_mail_id = null where sender_id = ? and recipient_id = ?', [
      senderId,
      recipientId,
    ]);
  }

  /** The digest queued for the editor, due at `dueAt`: the window runs from then on, and later messages fold into the digest while it is untried. */
  async recordDigest(senderId: string, recipientId: string, dueAt: Date, digestMailId: string): Promise<void> {
    await this.em.execute('update message_mail_windows set last_mail_at = ?, digest_mail_id = ? where sender_id = ? and recipient_id = ?', [
      dueAt,
      digestMailId,
      senderId,
      recipientId,
    ]);
  }
}
