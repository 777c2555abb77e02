import { EntityRepository } from '@mikro-orm/postgresql';
import type { LinkTokenPurpose, LinkTokenSubject } from '../link-token-purpose.js';
import type { LinkToken } from './link-token.entity.js';

export interface LinkTokenRow {
  id: string;
  subject_user_id: string | null;
  subject_email: string | null;
  expires_at: Date;
  consumed_at: Date | null;
}

/** The token store's statements; every one runs in the EntityManager's transaction, if any. */
export class LinkTokenRepository extends EntityRepository<LinkToken> {
  /**
   * Uses the token up in one statement, so of two concurrent uses exactly one gets the row
   * back; an expired or already used token is not touched.
   */
  async consume(purpose: LinkTokenPurpose, tokenHash: string): Promise<LinkTokenRow | undefined> {
    const rows = await this.em.execute<LinkTokenRow[]>(
      `update link_tokens set consumed_at = now()
        where token_hash = ? and purpose = ? and consumed_at is null and expires_at > now()
        returning id, subject_user_id, subject_email, expires_at, consumed_at`,
      [tokenHash, purpose],
    );
    return rows[0];
  }

  /** The token as it stands, `expired` by the database's clock (the one `consume` uses). */
  async findByHash(purpose: LinkTokenPurpose, tokenHash: string): Promise<(LinkTokenRow & { expired: boolean }) | undefined> {
    const rows = await this.em.execute<(LinkTokenRow & { expired: boolean })[]>(
      `select id, subject_user_id, subject_email, expires_at, consumed_at, expires_at <= now() as expired
         from link_tokens where token_hash = ? and purpose = ?`,
      [tokenHash, purpose],
    );
    return rows[0];
  }

  /** Uses up every outstanding token of that purpose and subject (e.g. older reset links after a reset). */
  async consumeAllOf(purpose: LinkTokenPurpose, subject: LinkTokenSubject): Promise<number> {
    const [column, value] = 'userId' in subject ? ['subject_user_id', subject.userId] : ['subject_email', subject.email];
    const rows = await this.em.execute<{ id: string }[]>(
      `update link_tokens set consumed_at = now() where purpose = ? and ${column} = ? and consumed_at is null returning id`,
      [purpose, value],
    );
    return rows.length;
  }

  /** Deletes tokens used or expired before `before`; returns how many. */
  async purgeSpentBefore(before: Date): Promise<number> {
    const rows = await this.em.execute<{ id: string }[]>('delete from link_tokens where expires_at < ? or consumed_at < ? returning id', [before, before]);
    return rows.length;
  }
}
