import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { SessionRepository } from './session.repository.js';

/** One signed-in device. Only the SHA-256 of its current refresh token is stored. */
const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  repository: () => SessionRepository,
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    userId: p.uuid().index(),
    refreshTokenHash: p.string().length(64).unique().hidden(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastUsedAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    userAgent: p.string().length(512).nullable(),
    ip: p.string().length(64).nullable(),
  },
});

export class Session extends SessionSchema.class {
  isActive(now = new Date()): boolean {
    return !this.revokedAt && this.expiresAt.getTime() > now.getTime();
  }
}
SessionSchema.setClass(Session);
export { SessionSchema };
