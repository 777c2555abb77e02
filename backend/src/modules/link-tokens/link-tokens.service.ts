import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { LinkToken } from './entities/link-token.entity.js';
import type { LinkTokenRow } from './entities/link-token.repository.js';
import type { LinkTokenPurpose, LinkTokenSubject } from './link-token-purpose.js';
import { generateOpaqueToken, hashOpaqueToken, looksLikeOpaqueToken } from '../../common/crypto/opaque-token.js';

export interface LinkTokenRecord {
  id: string;
  subject: LinkTokenSubject;
  expiresAt: Date;
}

export type LinkTokenCheck = { status: 'valid'; record: LinkTokenRecord } | { status: 'expired' | 'invalid' };

export interface IssueLinkToken {
  purpose: LinkTokenPurpose;
  subject: LinkTokenSubject;
  /** How long the link works; each purpose's owner decides (usually from the configuration). */
  expiresInMs: number;
}

/**
 * The one store of e-mailed links (confirmation, password reset, reviewer invitation): a token
 * has a purpose and a subject (an account or an e-mail address), is kept only as a hash,
 * expires, and is used once. The secret exists only in the e-mail.
 */
@Injectable()
export class LinkTokensService {
  constructor(private readonly em: EntityManager) {}

  /** Records a new token in the caller's unit of work and returns the only copy of the secret. */
  issue(tx: EntityManager, link: IssueLinkToken): { id: string; token: string } {
    const token = generateOpaqueToken();
    const record = tx.create(LinkToken, {
      purpose: link.purpose,
      subjectUserId: 'userId' in link.subject ? link.subject.userId : null,
      subjectEmail: 'email' in link.subject ? link.subject.email : null,
      tokenHash: hashOpaqueToken(token),
      expiresAt: new Date(Date.now() + link.expiresInMs),
    });
    tx.persist(record);
    return { id: record.id, token };
  }

  /** Looks a token up without using it (a link that leads to a form, which then consumes it). */
  async check(purpose: LinkTokenPurpose, token: unknown, em: EntityManager = this.em): Promise<LinkTokenCheck> {
    if (!looksLikeOpaqueToken(token)) return { status: 'invalid' };
    const row = await em.getRepository(LinkToken).findByHash(purpose, hashOpaqueToken(token));
    if (!row || row.consumed_at) return { status: 'invalid' };
    if (row.expired) return { status: 'expired' };
    return { status: 'valid', record: toRecord(row) };
  }

  /**
   * Uses a token up, atomically: of two concurrent uses exactly one is `valid`. A token that
   * was not used says whether it expired (so the page can offer a new link) or never worked.
   */
  async consume(em: EntityManager, purpose: LinkTokenPurpose, token: unknown): Promise<LinkTokenCheck> {
    if (!looksLikeOpaqueToken(token)) return { status: 'invalid' };
    const tokenHash = hashOpaqueToken(token);
    const repository = em.getRepository(LinkToken);
    const used = await repository.consume(purpose, tokenHash);
    if (used) return { status: 'valid', record: toRecord(used) };
    const row = await repository.findByHash(purpose, tokenHash);
    return { status: row && !row.consumed_at && row.expired ? 'expired' : 'invalid' };
  }

  /** Uses up every outstanding token of that purpose sent to the subject. */
  consumeAllOf(em: EntityManager, purpose: LinkTokenPurpose, subject: LinkTokenSubject): Promise<number> {
    return em.getRepository(LinkToken).consumeAllOf(purpose, subject);
  }

  /** Deletes tokens used or expired before `before` (housekeeping); returns how many. */
  purgeSpentBefore(before: Date): Promise<number> {
    return this.em.fork().getRepository(LinkToken).purgeSpentBefore(before);
  }
}

function toRecord(row: LinkTokenRow): LinkTokenRecord {
  return {
    id: row.id,
    subject: row.subject_user_id ? { userId: row.subject_user_id } : { email: row.subject_email ?? '' },
    expiresAt: new Date(row.expires_at),
  };
}
