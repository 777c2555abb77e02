import { EntityRepository } from '@mikro-orm/postgresql';
import type { AuthToken, AuthTokenType } from './auth-token.entity.js';

export class AuthTokenRepository extends EntityRepository<AuthToken> {
  findByHash(type: AuthTokenType, tokenHash: string): Promise<AuthToken | null> {
    return this.findOne({ type, tokenHash });
  }

  /** Marks the token used if nobody did first; false means it was already used (single use under concurrency). */
  async useUp(id: string): Promise<boolean> {
    return (await this.nativeUpdate({ id, usedAt: null }, { usedAt: new Date() })) === 1;
  }

  /** Uses up every outstanding token of that kind (e.g. older reset links after a reset). */
  useUpAllOf(userId: string, type: AuthTokenType): Promise<number> {
    return this.nativeUpdate({ userId, type, usedAt: null }, { usedAt: new Date() });
  }
}
