import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { computeSecurityHeaders } from './security-headers.js';

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
