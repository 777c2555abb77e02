import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AccessTokens } from './access-tokens.service.js';
import { AuthErrorCode, AuthException } from './auth.exception.js';
import { RotatedRefreshToken } from './entities/rotated-refresh-token.entity.js';
import { Session } from './entities/session.entity.js';
import { generateOpaqueToken, hashOpaqueToken, looksLikeOpaqueToken } from '../../common/crypto/opaque-token.js';

export interface ClientInfo {
  userAgent?: string;
  ip?: string;
}

/** What a session records of the device that started it. */
export const clientInfoOf = (request: FastifyRequest): ClientInfo => ({ userAgent: request.headers['user-agent'], ip: request.ip });

/** Everything the cookies need after a sign-in or a refresh. */
export interface IssuedSession {
  userId: string;
  sessionId: string;
  accessToken: string;
  accessTokenExpiresAt: Date;
  refreshToken: string;
  refreshTokenExpiresAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

type RotationOutcome = { kind: 'rotated'; session: Session } | { kind: 'reused'; userId: string } | { kind: 'invalid' };

/**
 * Sessions and their rotating refresh tokens. A refresh token works once: using it replaces it
 * (the old hash is remembered), and presenting a replaced one again means someone copied it, so
 * every session of that user is revoked.
 */
@Injectable()
export class SessionsService {
  private readonly logger = new Logger(SessionsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly accessTokens: AccessTokens,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async start(userId: string, client: ClientInfo): Promise<IssuedSession> {
    const refreshToken = generateOpaqueToken();
    const now = new Date();
    const session = this.em.create(Session, {
      userId,
      refreshTokenHash: hashOpaqueToken(refreshToken),
      createdAt: now,
      lastUsedAt: now,
      expiresAt: this.refreshExpiry(now),
      userAgent: client.userAgent?.slice(0, 512) ?? null,
      ip: client.ip?.slice(0, 64) ?? null,
    });
    await this.em.flush();
    return this.issue(session, refreshToken);
  }

  /** Exchanges a refresh token for a new pair; refuses unknown, expired, revoked and reused ones. */
  async rotate(refreshToken: string | undefined, client: ClientInfo): Promise<IssuedSession> {
    if (!looksLikeOpaqueToken(refreshToken)) throw new AuthException(AuthErrorCode.RefreshInvalid);
    const presentedHash = hashOpaqueToken(refreshToken);
    const nextToken = generateOpaqueToken();
    const now = new Date();

    const outcome = await this.em.transactional(async (tx): Promise<RotationOutcome> => {
      // The row lock makes racing requests with the same token take turns: the second one no
      // longer finds the token current, finds it rotated, and is treated as a reuse.
      const session = await tx.findOne(Session, { refreshTokenHash: presentedHash }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!session) {
        const former = await tx.findOne(RotatedRefreshToken, { tokenHash: presentedHash });
        return former ? { kind: 'reused', userId: former.userId } : { kind: 'invalid' };
      }
      if (!session.isActive(now)) return { kind: 'invalid' };
      session.refreshTokenHash = hashOpaqueToken(nextToken);
      session.lastUsedAt = now;
      session.expiresAt = this.refreshExpiry(now);
      if (client.userAgent) session.userAgent = client.userAgent.slice(0, 512);
      if (client.ip) session.ip = client.ip.slice(0, 64);
      tx.create(RotatedRefreshToken, { tokenHash: presentedHash, sessionId: session.id, userId: session.userId, rotatedAt: now });
      return { kind: 'rotated', session };
    });

    switch (outcome.kind) {
      case 'rotated':
        return this.issue(outcome.session, nextToken);
      case 'reused': {
        const count = await this.revokeAll(outcome.userId);
        this.logger.warn(`Refresh token reuse for user ${outcome.userId}: revoked ${count} session(s)`);
        throw new AuthException(AuthErrorCode.RefreshInvalid);
      }
      case 'invalid':
        throw new AuthException(AuthErrorCode.RefreshInvalid);
    }
  }

  /** The session a sign-out refers to: by its current refresh token, else by an access token. */
  async findForSignOut(refreshToken: string | undefined, accessToken: string | undefined): Promise<string | null> {
    if (looksLikeOpaqueToken(refreshToken)) {
      const session = await this.em.findOne(Session, { refreshTokenHash: hashOpaqueToken(refreshToken) }, { fields: ['id'] });
      if (session) return session.id;
    }
    if (accessToken) {
      const claims = await this.accessTokens.verify(accessToken, { ignoreExpiration: true });
      if (claims) return claims.sid;
    }
    return null;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.em.nativeUpdate(Session, { id: sessionId, revokedAt: null }, { revokedAt: new Date() });
  }

  /** Revokes every live session of the user (sign-out everywhere, password reset, token reuse). */
  revokeAll(userId: string, em: EntityManager = this.em): Promise<number> {
    return em.getRepository(Session).revokeAllOf(userId);
  }

  private async issue(session: Session, refreshToken: string): Promise<IssuedSession> {
    const access = await this.accessTokens.issue(session.userId, session.id);
    return {
      userId: session.userId,
      sessionId: session.id,
      accessToken: access.token,
      accessTokenExpiresAt: access.expiresAt,
      refreshToken,
      refreshTokenExpiresAt: session.expiresAt,
    };
  }

  private refreshExpiry(from: Date): Date {
    return new Date(from.getTime() + this.config.auth.refreshTokenTtlDays * DAY_MS);
  }
}
