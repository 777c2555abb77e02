import { EntityRepository } from '@mikro-orm/postgresql';
import type { Session } from './session.entity.js';

export class SessionRepository extends EntityRepository<Session> {
  /** Revokes every live session of the user; returns how many there were. */
  revokeAllOf(userId: string): Promise<number> {
    return this.nativeUpdate({ userId, revokedAt: null }, { revokedAt: new Date() });
  }
}
