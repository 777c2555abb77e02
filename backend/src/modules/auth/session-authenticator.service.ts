import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { UsersService } from '../users/users.service.js';
import { AccessTokens } from './access-tokens.service.js';
import type { AuthUser } from './auth-user.js';
import { ACCESS_TOKEN_COOKIE } from './auth-cookies.js';
import { Session } from './entities/session.entity.js';

/** The access token of a request: an `Authorization: Bearer` header, else the cookie. */
export function readAccessToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match) return match[1];
  }
  const cookie = request.cookies?.[ACCESS_TOKEN_COOKIE];
  return cookie ? cookie : undefined;
}

/**
 * Resolves who is making a request: a genuine access token whose session exists, is not
 * revoked and has not expired, and the user's role as the database says right now. Used by the
 * global AuthGuard and by plain Fastify hooks (Bull Board), so it needs no request context.
 */
@Injectable()
export class SessionAuthenticator {
  constructor(
    private readonly accessTokens: AccessTokens,
    private readonly users: UsersService,
    private readonly em: EntityManager,
  ) {}

  async authenticate(request: FastifyRequest): Promise<AuthUser | null> {
    const token = readAccessToken(request);
    if (!token) return null;
    const claims = await this.accessTokens.verify(token);
    if (!claims) return null;
    const session = await this.em.fork().findOne(Session, { id: claims.sid, userId: claims.sub });
    if (!session?.isActive()) return null;
    const identity = await this.users.getIdentity(claims.sub);
    if (!identity) return null;
    return { ...identity, sessionId: session.id, accessTokenExpiresAt: new Date(claims.exp * 1000) };
  }

  /** Whether the user's session is still live (not signed out, revoked or expired), whatever became of its access token. */
  async isSessionActive(sessionId: string, userId: string): Promise<boolean> {
    const session = await this.em.fork().findOne(Session, { id: sessionId, userId });
    return session?.isActive() ?? false;
  }
}
