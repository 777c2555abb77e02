import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { computeSecurityHeaders, journalSecurityHeaderOptions } from './security-headers.js';

const headerOf = (set: ReadonlyArray<readonly [string, string]>, name: string) =>
  set.find(([setName]) => setName.toLowerCase() === name.toLowerCase())?.[1];

/**
 * The X-Frame-Options that forbids what a CSP's frame-ancestors forbids: browsers that predate
 * frame-ancestors read only the older header. Undefined where it has no equivalent (no directive,
 * or a list of origins, which X-Frame-Options cannot name).
 */
function xFrameOptionsMatching(csp: string): string | undefined {
  const frameAncestors = csp
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name === 'frame-ancestors')
    ?.slice(1)
    .join(' ');
  if (frameAncestors === "'none'") return 'DENY';
  if (frameAncestors === "'self'") return 'SAMEORIGIN';
  return undefined;
}

describe('computeSecurityHeaders', () => {
  it('records exactly what helmet does to a response', () => {
    const options = {
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"], upgradeInsecureRequests: null } },
      crossOriginEmbedderPolicy: false,
    };
    const headers = new Map<string, string>();
    const response = {
      setHeader: (name: string, value: string) => headers.set(name, value),
      removeHeader: (name: string) => headers.delete(name),
    };
    helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);

    const computed = computeSecurityHeaders(options);
    expect(new Map(computed.set)).toEqual(headers);
    expect(computed.set.find(([name]) => name === 'Content-Security-Policy')?.[1]).toContain("frame-ancestors 'none'");
    expect(computed.removed).toEqual(['X-Powered-By']);
  });
});

describe('journalSecurityHeaderOptions', () => {
  it.each(['https://journal.example.org', 'http://localhost:3000'])('forbids framing in the CSP and in X-Frame-Options alike (%s)', (publicUrl) => {
    const { set } = computeSecurityHeaders(journalSecurityHeaderOptions(publicUrl));
    const csp = headerOf(set, 'Content-Security-Policy') ?? '';

    expect(csp).toContain("frame-ancestors 'none'");
    expect(headerOf(set, 'X-Frame-Options')).toBe(xFrameOptionsMatching(csp));
  });

  it('upgrades insecure requests only when the journal is served over HTTPS', () => {
    const cspFor = (publicUrl: string) => headerOf(computeSecurityHeaders(journalSecurityHeaderOptions(publicUrl)).set, 'Content-Security-Policy');
    expect(cspFor('https://journal.example.org')).toContain('upgrade-insecure-requests');
    expect(cspFor('http://localhost:3000')).not.toContain('upgrade-insecure-requests');
  });
});
