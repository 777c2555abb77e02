import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';

/** Ties a started flow to the browser that started it (OrcidService). */
export const ORCID_BINDING_COOKIE = 'orcid_flow';
/** Sent to the ORCID routes alone: the starts (which keep one binding per browser) and the callback. */
const ORCID_BINDING_PATH = '/api/orcid';

/**
 * The binding cookie: HttpOnly, and SameSite=Lax so that it comes back with ORCID's redirect (a
 * top-level navigation from ORCID's site) but never with a request another site's page makes.
 * It lives as long as a state.
 */
@Injectable()
export class OrcidBindingCookie {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  read(request: FastifyRequest): string | undefined {
    return request.cookies?.[ORCID_BINDING_COOKIE] || undefined;
  }

  set(reply: FastifyReply, binding: string): void {
    void reply.setCookie(ORCID_BINDING_COOKIE, binding, {
      httpOnly: true,
      sameSite: 'lax',
      path: ORCID_BINDING_PATH,
      secure: this.config.auth.secureCookies,
      maxAge: this.config.orcid?.stateTtlSeconds ?? 0,
    });
  }
}
