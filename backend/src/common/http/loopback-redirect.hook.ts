import type { FastifyReply, FastifyRequest } from 'fastify';

const PAGE_METHODS = new Set(['GET', 'HEAD']);

/**
 * In development, a page opened under another loopback name of the journal (127.0.0.1 where
 * PUBLIC_URL says localhost) is sent to PUBLIC_URL, so the session cookies, the links in
 * e-mails and the payment's return address all name one origin. API calls are answered where
 * they arrive: a tab already open on the other name keeps working (the CSRF check accepts it).
 */
export function createLoopbackRedirectHook(publicUrl: string, aliases: readonly string[]) {
  const other = new Set(aliases);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (other.size === 0 || !PAGE_METHODS.has(request.method) || request.url.startsWith('/api')) return;
    if (!other.has(`${request.protocol}://${request.host}`)) return;
    await reply.redirect(`${publicUrl}${request.url}`, 302);
  };
}
