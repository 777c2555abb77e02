import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppException } from '../../common/http/app.exception.js';
import { RateLimitedException } from '../../common/rate-limit/rate-limited.exception.js';
import { OrcidException, OrcidRedirect } from './orcid.exception.js';

/** Which ORCID route failed: each flow's start, or the callback (whose flow its state tells). */
export type OrcidRoute = 'link-start' | 'sign-in-start' | 'callback';

/**
 * The ORCID routes are pages a browser navigates to, so every outcome lands on a page of the
 * journal that says what happened (the spec's result parameters), never on a JSON error: a
 * flow's own codes, a visitor who is not signed in to link, too many attempts, and anything
 * unforeseen (Redis or the database down).
 */
@Catch()
export class OrcidRedirectFilter implements ExceptionFilter {
  private readonly logger = new Logger('Orcid');

  constructor(private readonly route: OrcidRoute) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>().header('cache-control', 'no-store');
    if (exception instanceof RateLimitedException) void reply.header('retry-after', exception.retryAfterSeconds);
    void reply.redirect(this.redirectFor(exception, request), 302);
  }

  private redirectFor(exception: unknown, request: FastifyRequest): string {
    if (exception instanceof OrcidException) return exception.redirectUrl;
    if (this.route === 'link-start' && exception instanceof AppException && exception.getStatus() === 401) {
      return OrcidRedirect.linkFailed('authentication_required');
    }
    if (this.route === 'sign-in-start' && exception instanceof RateLimitedException) return OrcidRedirect.signInFailed('rate_limited');
    this.logger.error({ err: exception, reqId: request.id }, `ORCID ${this.route} failed`);
    switch (this.route) {
      case 'link-start':
        return OrcidRedirect.linkFailed('start_failed');
      case 'sign-in-start':
        return OrcidRedirect.signInFailed('start_failed');
      case 'callback':
        return request.user ? OrcidRedirect.linkFailed('link_failed') : OrcidRedirect.signInFailed('sign_in_failed');
    }
  }
}
