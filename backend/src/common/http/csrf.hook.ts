import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from './error-code.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request protection on top of SameSite cookies: a state-changing request that
 * a browser marks as coming from another site, or whose Origin is not the journal's own, is
 * refused before any handler runs. Requests without these headers (scripts, server-to-server
 * webhooks) are not browser-driven and carry no ambient cookie risk.
 */
export function createCsrfHook(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const crossSite = fetchSite === 'cross-site' || (origin !== undefined && !allowed.has(origin));
    if (crossSite) {
      await reply.status(403).send({
        statusCode: 403,
        code: ErrorCode.CsrfRejected,
        message: 'Cross-site request refused',
      });
    }
  };
}
