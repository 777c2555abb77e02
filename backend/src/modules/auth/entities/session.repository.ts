import { EntityRepository } from '@mikro-orm/postgresql';
import type { Session } from './session.entity.js';

export class SessionRepository extends EntityRepository<Session> {
  /** Revokes every live session of the user; returns how many there were. */
  revokeAllOf(userId: string): Promise<number> {
    return this.nativeUpdate({ userId, revokedAt: null }, { revokedAt: new Date() });
  }

  /** Deletes the sessions expired or revoked before `before` (their rotated hashes go with them); returns how many. */
  purgeDeadBefore(before: Date): Promise<number> {
    return this.nativeDelete({ $or: [{ expiresAt: { $lt: before } }, { revokedAt: { $lt: before } }] });
  }
}
