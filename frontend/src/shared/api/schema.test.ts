import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';

// Vitest runs from frontend/.
describe('schema.d.ts', () => {
  it('is generated from the current backend/openapi.json (after changing a DTO: npm run api:types)', async () => {
    const document = JSON.parse(readFileSync(resolve(process.cwd(), '../backend/openapi.json'), 'utf8')) as Parameters<typeof openapiTS>[0];
    const generated = astToString(await openapiTS(document));
    const committed = readFileSync(resolve(process.cwd(), 'src/shared/api/schema.d.ts'), 'utf8');
    expect(committed.endsWith(generated)).toBe(true);
  });
});
