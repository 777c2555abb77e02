import { readFileSync } from 'node:fs';
import { buildOpenApiJson } from './cli/openapi.js';

describe('backend/openapi.json', () => {
  it('matches the routes and DTOs (after changing one: npm run api:types)', async () => {
    const committed = readFileSync(new URL('../openapi.json', import.meta.url), 'utf8');
    expect(await buildOpenApiJson()).toBe(committed);
  });
});
