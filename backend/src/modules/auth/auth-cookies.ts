import { Inject, Injectable } from '@nestjs/common';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AuthErrorCode, AuthException } from './auth.exception.js';
import type { IssuedSession } from './sessions.service.js';

export const ACCESS_TOKEN_COOKIE = 'access_token';
export const REFRESH_TOKEN_COOKIE = 'refresh_token';
/** The refresh cookie is only ever sent to the auth endpoints. */
export const REFRESH_TOKEN_PATH = '/api/auth';
/**
 * Not a secret and readable by page scripts: it only says that a refresh cookie exists (it
 * is set and cleared with it and lives as long), so the web app never calls refresh for a
 * visitor who has no session.
 */
export const SESSION_HINT_COOKIE = 'signed_in';

/** The HTTP side of sessions: both token cookies are HttpOnly, so page scripts never see a token. */
@Injectable()
export class AuthCookies {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Sets both cookies for a new or rotated session and passes the body through. */
  issue<T>(reply: FastifyReply, signedIn: { session: IssuedSession; body: T }): T {
    this.set(reply, signedIn.session);
    return signedIn.body;
  }

  /** Like `issue`, but a refused refresh also clears the cookies the browser holds. */
  async issueOrClear<T>(reply: FastifyReply, attempt: () => Promise<{ session: IssuedSession; body: T }>): Promise<T> {
    try {
      return this.issue(reply, await attempt());
    } catch (error) {
      if (error instanceof AuthException && error.is(AuthErrorCode.RefreshInvalid)) this.clear(reply);
      throw error;
    }
  }

  /** Clears both cookies once the operation succeeded. */
  async clearAfter(reply: FastifyReply, operation: Promise<void>): Promise<void> {
    await operation;
    this.clear(reply);
  }

  set(reply: FastifyReply, session: IssuedSession): void {
    const now = Date.now();
    void reply.setCookie(ACCESS_TOKEN_COOKIE, session.accessToken, {
      ...this.accessOptions(),
      maxAge: Math.max(0, Math.floor((session.accessTokenExpiresAt.getTime() - now) / 1000)),
    });
    const refreshMaxAge = Math.max(0, Math.floor((session.refreshTokenExpiresAt.getTime() - now) / 1000));
    void reply.setCookie(REFRESH_TOKEN_COOKIE, session.refreshToken, { ...this.refreshOptions(), maxAge: refreshMaxAge });
    void reply.setCookie(SESSION_HINT_COOKIE, '1', { ...this.hintOptions(), maxAge: refreshMaxAge });
  }

  clear(reply: FastifyReply): void {
    void reply.clearCookie(ACCESS_TOKEN_COOKIE, this.accessOptions());
    void reply.clearCookie(REFRESH_TOKEN_COOKIE, this.refreshOptions());
    void reply.clearCookie(SESSION_HINT_COOKIE, this.hintOptions());
  }

  readRefreshToken(request: FastifyRequest): string | undefined {
    return request.cookies?.[REFRESH_TOKEN_COOKIE] || undefined;
  }

  private accessOptions(): CookieSerializeOptions {
    return { httpOnly: true, sameSite: 'lax', path: '/', secure: this.config.auth.secureCookies };
  }

  private hintOptions(): CookieSerializeOptions {
    return { httpOnly: false, sameSite: 'lax', path: '/', secure: this.config.auth.secureCookies };
  }

  private refreshOptions(): CookieSerializeOptions {
    return { httpOnly: true, sameSite: 'strict', path: REFRESH_TOKEN_PATH, secure: this.config.auth.secureCookies };
  }
}
