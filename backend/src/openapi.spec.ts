import { readFileSync } from 'node:fs';
import { buildOpenApiJson } from './cli/openapi.js';

describe('backend/openapi.json', () => {
  it('matches the routes and DTOs (after changing one: npm run api:types)', async () => {
    const committed = readFileSync(new URL('../openapi.json', import.meta.url), 'utf8');
    expect(await buildOpenApiJson()).toBe(committed);
  });

  it('gives each operation the security the AuthGuard enforces', async () => {
    const document = JSON.parse(await buildOpenApiJson()) as { paths: Record<string, Record<string, { security?: unknown }>> };
    const securityOf = (method: string, path: string) => document.paths[path]?.[method]?.security;
    const signedIn = [{ cookie: [] }, { bearer: [] }];
    // @Public() on the handler, and on the controller (health).
    expect(securityOf('get', '/api/papers')).toEqual([]);
    expect(securityOf('get', '/api/health/live')).toEqual([]);
    // @Authenticated() on the handler, and on the controller with a permission (admin papers).
    expect(securityOf('get', '/api/auth/session')).toEqual(signedIn);
    expect(securityOf('get', '/api/admin/papers')).toEqual(signedIn);
    for (const item of Object.values(document.paths)) {
      for (const operation of Object.values(item)) expect([[], signedIn]).toContainEqual(operation.security);
    }
  });
});
