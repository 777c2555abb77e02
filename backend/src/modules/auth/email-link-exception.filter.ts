import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitedException } from '../../common/rate-limit/rate-limited.exception.js';
import { AuthRedirect } from './auth-redirects.js';

/**
 * A person opens an e-mailed link in a browser, so every outcome lands on a page of the
 * journal that says what happened, never on a JSON error: over the limit, or anything else
 * that went wrong (the good and the expected bad outcomes are redirects of the handlers).
 */
@Catch()
export class EmailLinkExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('EmailLink');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    if (exception instanceof RateLimitedException) {
      void reply.header('retry-after', exception.retryAfterSeconds).redirect(AuthRedirect.TooManyAttempts, 302);
      return;
    }
    this.logger.error({ err: exception, reqId: http.getRequest<FastifyRequest>().id }, 'E-mailed link failed');
    void reply.redirect(AuthRedirect.LinkUnavailable, 302);
  }
}
