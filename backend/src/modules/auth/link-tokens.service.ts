import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AuthToken, type AuthTokenType } from './entities/auth-token.entity.js';
import { generateOpaqueToken, hashOpaqueToken, looksLikeOpaqueToken } from './opaque-token.js';

export type LinkTokenCheck = { status: 'valid'; record: AuthToken } | { status: 'expired' | 'invalid' };

/** The e-mailed, single-use tokens: confirmation links and password-reset links. */
@Injectable()
export class LinkTokensService {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Records a new token in the caller's unit of work and returns the only copy of the secret. */
  issue(em: EntityManager, userId: string, type: AuthTokenType): { token: string; record: AuthToken } {
    const token = generateOpaqueToken();
    const record = em.create(AuthToken, {
      userId,
      type,
      tokenHash: hashOpaqueToken(token),
      expiresAt: new Date(Date.now() + this.ttlMs(type)),
    });
    return { token, record };
  }

  /** Looks a token up without using it. */
  async check(type: AuthTokenType, token: unknown, em: EntityManager = this.em): Promise<LinkTokenCheck> {
    if (!looksLikeOpaqueToken(token)) return { status: 'invalid' };
    const record = await em.getRepository(AuthToken).findByHash(type, hashOpaqueToken(token));
    if (!record || record.usedAt) return { status: 'invalid' };
    if (record.expiresAt.getTime() <= Date.now()) return { status: 'expired' };
    return { status: 'valid', record };
  }

  /** Uses a valid token up; of two concurrent uses only one succeeds. */
  async consume(em: EntityManager, type: AuthTokenType, token: unknown): Promise<LinkTokenCheck> {
    const check = await this.check(type, token, em);
    if (check.status !== 'valid') return check;
    const won = await em.getRepository(AuthToken).useUp(check.record.id);
    return won ? check : { status: 'invalid' };
  }

  useUpAllOf(em: EntityManager, userId: string, type: AuthTokenType): Promise<number> {
    return em.getRepository(AuthToken).useUpAllOf(userId, type);
  }

  private ttlMs(type: AuthTokenType): number {
    switch (type) {
      case 'email_confirmation':
        return this.config.auth.emailConfirmationTtlHours * 60 * 60 * 1000;
      case 'password_reset':
        return this.config.auth.passwordResetTtlMinutes * 60 * 1000;
    }
  }
}
