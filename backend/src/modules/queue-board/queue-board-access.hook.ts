import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EDITORIAL_TEAM_ROLE } from '../../common/access/access-policy.js';
import { type ErrorBody, ErrorCode } from '../../common/http/error-code.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { decideAccess } from '../auth/access-rule.js';
import { SessionAuthenticator } from '../auth/session-authenticator.service.js';

export const QUEUE_BOARD_PATH = '/admin/queues';

/**
 * The board's own policy, so that it keeps working whatever the rest of the site allows: its
 * scripts and styles come from here, it sets inline styles, and it talks only to its own API.
 * Its Google Fonts stylesheet stays blocked on purpose (no third-party requests from an admin
 * page); the UI falls back to system fonts.
 */
export function queueBoardCsp(publicUrl: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(publicUrl.startsWith('https://') ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** True for `/admin/queues` and everything under it, whatever the query string. */
export function isQueueBoardPath(path: string | undefined): boolean {
  if (!path) return false;
  const pathname = path.split('?', 1)[0] ?? '';
  return pathname === QUEUE_BOARD_PATH || pathname.startsWith(`${QUEUE_BOARD_PATH}/`);
}

function deny(reply: FastifyReply, statusCode: 401 | 403): FastifyReply {
  const body: ErrorBody =
    statusCode === 401
      ? { statusCode, code: ErrorCode.Unauthenticated, message: 'Authentication required' }
      : { statusCode, code: ErrorCode.Forbidden, message: 'You do not have permission to do this' };
  return reply.status(statusCode).header('cache-control', 'no-store').send(body);
}

/** The board is the editorial team's (the access policy names its role), decided as the guard decides a role rule. */
const QUEUE_BOARD_RULE = { kind: 'signed-in', roles: [EDITORIAL_TEAM_ROLE] } as const;

/**
 * Bull Board registers plain Fastify routes that Nest's guards never see, so every request to
 * them passes this `onRequest` hook first: visitors get 401, signed-in non-admins 403. The
 * route's own pattern is checked as well as the raw URL, so no encoding of the path slips by.
 */
@Injectable()
export class QueueBoardAccessHook implements OnModuleInit {
  private readonly csp: string;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(SessionAuthenticator) private readonly authenticator: SessionAuthenticator,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.csp = queueBoardCsp(config.http.publicUrl);
  }

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addHook('onRequest', (request, reply) => this.check(request, reply));
  }

  async check(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!isQueueBoardPath(request.routeOptions.url) && !isQueueBoardPath(request.url)) return;
    const user = await this.authenticator.authenticate(request);
    const decision = decideAccess(QUEUE_BOARD_RULE, user);
    if (decision !== 'allow' || !user) {
      await deny(reply, decision === 'forbidden' ? 403 : 401);
      return;
    }
    request.user = user;
    void reply.header('cache-control', 'no-store').header('content-security-policy', this.csp);
  }
}
