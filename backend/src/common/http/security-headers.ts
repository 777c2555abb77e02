import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The journal's helmet options: the web app, the API and the paper pages share one policy (the
 * queue board replaces only the CSP, framing forbidden there too). Only `upgrade-insecure-requests`
 * depends on the address: on an http:// deployment it would send the page's requests to an
 * https:// nothing serves.
 */
export function journalSecurityHeaderOptions(publicUrl: string): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: publicUrl.startsWith('https://') ? [] : null,
      },
    },
    // Browsers without frame-ancestors obey X-Frame-Options alone: it must forbid framing as the
    // CSP does. Helmet's default (SAMEORIGIN) would let any page of this origin frame the site.
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  };
}

/** What helmet does to a response: headers it sets (in its order, with its casing) and headers it removes. */
export interface SecurityHeaders {
  set: ReadonlyArray<readonly [name: string, value: string]>;
  removed: readonly string[];
}

/**
 * Runs helmet once, on a recording response, and returns what it did. With options that hold
 * no functions (no per-request CSP values, no nonces) helmet's headers depend on nothing in the
 * request, so they need not be worked out again for every request, which `@fastify/helmet` does
 * (it even builds a new helmet, CSP parsing included, per request).
 */
export function computeSecurityHeaders(options: HelmetOptions): SecurityHeaders {
  const set = new Map<string, readonly [string, string]>();
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      set.set(name.toLowerCase(), [name, String(value)]);
    },
    removeHeader(name: string) {
      set.delete(name.toLowerCase());
      removed.push(name);
    },
  };
  // Helmet (8.1 and later) throws on bad options rather than passing an error on.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return { set: [...set.values()], removed };
}

/**
 * A Fastify `onRequest` hook applying helmet's headers to every response, as `@fastify/helmet`
 * did: on the raw response, so a route's own `reply.header()` still takes precedence.
 */
export function createSecurityHeadersHook(options: HelmetOptions) {
  const { set, removed } = computeSecurityHeaders(options);
  return (_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const response = reply.raw;
    for (const name of removed) response.removeHeader(name);
    for (const [name, value] of set) response.setHeader(name, value);
    done();
  };
}
