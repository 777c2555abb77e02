import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';

export interface AccessTokenClaims {
  /** The user id. */
  sub: string;
  /** The session id; the session is looked up on every request. */
  sid: string;
  exp: number;
}

export interface IssuedAccessToken {
  token: string;
  expiresAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Short-lived JWTs, HS256 only: `alg: none` and every other algorithm are refused. */
@Injectable()
export class AccessTokens {
  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async issue(userId: string, sessionId: string): Promise<IssuedAccessToken> {
    const token = await this.jwt.signAsync(
      { sid: sessionId },
      // The secret is the module's (auth.module.ts).
      { subject: userId, algorithm: 'HS256', expiresIn: this.config.auth.accessTokenTtlSeconds },
    );
    const { exp } = this.jwt.decode<{ exp: number }>(token);
    return { token, expiresAt: new Date(exp * 1000) };
  }

  /** The claims of a genuine token, or null. `ignoreExpiration` serves sign-out only. */
  async verify(token: string, options: { ignoreExpiration?: boolean } = {}): Promise<AccessTokenClaims | null> {
    try {
      const claims = await this.jwt.verifyAsync<Partial<AccessTokenClaims>>(token, {
        algorithms: ['HS256'],
        ignoreExpiration: options.ignoreExpiration ?? false,
      });
      if (typeof claims.sub !== 'string' || !UUID.test(claims.sub)) return null;
      if (typeof claims.sid !== 'string' || !UUID.test(claims.sid)) return null;
      if (typeof claims.exp !== 'number') return null;
      return { sub: claims.sub, sid: claims.sid, exp: claims.exp };
    } catch {
      return null;
    }
  }
}
