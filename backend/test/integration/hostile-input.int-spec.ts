import { randomUUID } from 'node:crypto';
import type { OpenAPIObject } from '@nestjs/swagger';
import request, { type Response } from 'supertest';
import { createApp } from '../../src/app.factory.js';
import { AppModule } from '../../src/app.module.js';
import { PaperStatus } from '../../src/modules/manuscripts/entities/paper-status.js';
import { createOpenApiDocument } from '../../src/openapi.js';
import { createPerson, type Person } from '../support/accounts.js';
import { createPaper, givePaidFee, pdfBytes, submissionFields } from '../support/papers.js';
import { type AppRoute, concreteUrl, openApiPath, pathParameters, recordRoutes } from '../support/route-walk.js';
import { clearRateLimits, migrateTestDatabase, type TestApp } from '../support/test-app.js';

/**
 * What a hostile client sends. `bytes` is how it travels where raw bytes can (URLs, the bytes of
 * a JSON body); otherwise the text's UTF-8, or, for a lone surrogate, its WTF-8 bytes in URLs and
 * a `\ud800` escape in JSON, as JSON.stringify writes it.
 */
interface Hostile {
  label: string;
  text: string;
  bytes?: Buffer;
}

const LONG = 'A'.repeat(100_000);

const HOSTILE: readonly Hostile[] = [
  { label: 'NUL', text: 'a\u0000b' },
  { label: 'a lone high surrogate', text: 'a\ud800b' },
  { label: 'a lone low surrogate', text: '\udc00' },
  { label: 'overlong UTF-8 (/ and NUL)', text: '\u00c0\u00af', bytes: Buffer.from([0x61, 0xc0, 0xaf, 0xc0, 0x80, 0x62]) },
  { label: 'RTL override and zero-width characters', text: '\u202Egpj.exe\u200b\ufeff' },
  { label: 'a 100 kB string', text: LONG },
  { label: 'SQL', text: "' OR 1=1; DROP TABLE users; --" },
  { label: 'HTML', text: '<script>alert(1)</script><img src=x onerror=alert(1)>' },
  { label: 'a prototype key as text', text: '__proto__' },
  { label: 'path traversal and a lone %', text: '../../etc/passwd%' },
  { label: 'an empty string', text: '' },
  { label: 'combining marks and an emoji', text: 'Z\u0364\u0351a\u0308\u0307 \u{1F9EA}' },
];

/** WTF-8: UTF-8 that also encodes lone surrogates (three bytes, as if they were characters). */
function wtf8(text: string): Buffer {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const code = text.codePointAt(index)!;
    if (code > 0xffff) index += 1;
    bytes.push(...Buffer.from(code >= 0xd800 && code <= 0xdfff ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)] : Buffer.from(String.fromCodePoint(code))));
  }
  return Buffer.from(bytes);
}

/**
 * Every byte percent-encoded. Node itself answers request heads over 16 kB (431, before the
 * application sees them), so a URL carries at most 3 kB of the text, 9 kB encoded.
 */
function inUrl(hostile: Hostile): string {
  const bytes = (hostile.bytes ?? wtf8(hostile.text)).subarray(0, 3_000);
  return [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

const MARKER = 'HOSTILE-MARKER-7f3a';

/** A JSON body with the marker replaced by the hostile text: escaped as JSON.stringify would, or its raw bytes. */
function jsonWith(body: unknown, hostile: Hostile): Buffer {
  const [before, after, ...rest] = JSON.stringify(body).split(`"${MARKER}"`);
  if (after === undefined || rest.length > 0) throw new Error('One marker per body');
  const value = hostile.bytes ? Buffer.concat([Buffer.from('"'), hostile.bytes, Buffer.from('"')]) : Buffer.from(JSON.stringify(hostile.text));
  return Buffer.concat([Buffer.from(before), value, Buffer.from(after)]);
}

type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  minLength?: number;
  enum?: unknown[];
  example?: unknown;
  items?: Schema;
  allOf?: Schema[];
  properties?: Record<string, Schema>;
};

function resolve(document: OpenAPIObject, schema: Schema): Schema {
  if (schema.$ref) return resolve(document, document.components!.schemas![schema.$ref.split('/').pop()!] as Schema);
  if (schema.allOf?.length === 1) return resolve(document, schema.allOf[0]);
  return schema;
}

/** A plausible value for the schema, so that one hostile field at a time gets past the others. */
function sample(document: OpenAPIObject, raw: Schema): unknown {
  const schema = resolve(document, raw);
  if (schema.example !== undefined) return schema.format === 'email' ? `hostile-${randomUUID()}@example.org` : schema.example;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.properties) return Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, sample(document, value)]));
  if (schema.type === 'array') return [sample(document, schema.items ?? {})];
  if (schema.type === 'number' || schema.type === 'integer') return 1;
  if (schema.type === 'boolean') return true;
  return schema.format === 'email' ? `hostile-${randomUUID()}@example.org` : 'sample-text-1'.padEnd(schema.minLength ?? 0, 'x');
}

interface Field {
  path: (string | number)[];
  /** An e-mail field gets the hostile text inside an address, to get past the format check. */
  email: boolean;
}

/** Every leaf of a body (`comment`, `authors.0.name`): where a hostile string goes. */
function fieldsOf(document: OpenAPIObject, raw: Schema, prefix: (string | number)[] = []): Field[] {
  const schema = resolve(document, raw);
  if (schema.properties) return Object.entries(schema.properties).flatMap(([key, value]) => fieldsOf(document, value, [...prefix, key]));
  if (schema.type === 'array' && schema.items) {
    const items = resolve(document, schema.items);
    if (items.properties) return fieldsOf(document, items, [...prefix, 0]);
  }
  return schema.format === 'binary' ? [] : [{ path: prefix, email: schema.format === 'email' }];
}

function inAddress(hostile: Hostile): Hostile {
  const local = `h${randomUUID().slice(0, 8)}`;
  return {
    label: hostile.label,
    text: `${local}${hostile.text}@example.org`,
    bytes: hostile.bytes && Buffer.concat([Buffer.from(local), hostile.bytes, Buffer.from('@example.org')]),
  };
}

function withValue(body: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(body) ? [...(body as unknown[])] : { ...(body as object) }) as Record<string | number, unknown>;
  copy[head] = withValue(copy[head], rest, value);
  return copy;
}

/** Bull Board (admins only): its client reads its own error bodies (`{ error: { key } }`). */
const hasOwnErrorShape = (route: AppRoute) => route.url.startsWith('/admin/queues/');

/** The web app's pages: an address with nothing to show (no such paper, no such route) is answered 404 with the app's HTML, which shows its not-found view (docs/api.md). */
const isWebAppPage = (route: AppRoute) => route.method === 'GET' && (route.url === '/papers/:id' || route.url === '/*');

/** What is wrong with an answer, or null: no 5xx, every 4xx in the one error shape, security headers on everything. */
function problemOf(route: AppRoute, response: Response): string | null {
  if (response.status >= 500) return `${response.status} ${JSON.stringify(response.body)}`;
  if (!response.headers['x-content-type-options'] || !response.headers['content-security-policy']) return `${response.status} without the security headers`;
  if (response.status < 400 || hasOwnErrorShape(route)) return null;
  if (response.status === 404 && isWebAppPage(route) && /^text\/html/.test(String(response.headers['content-type']))) return null;
  const body = response.body as Record<string, unknown>;
  const shaped =
    /^application\/json/.test(String(response.headers['content-type'])) &&
    Object.keys(body).sort().join(',') === 'code,message,statusCode' &&
    body.statusCode === response.status &&
    typeof body.code === 'string' &&
    typeof body.message === 'string';
  return shaped ? null : `${response.status} outside the error shape: ${String(response.headers['content-type'])} ${response.text.slice(0, 120)}`;
}

const RATE_LIMITS = [
  'RATE_LIMIT_SIGN_IN_PER_MINUTE',
  'RATE_LIMIT_AUTH_PER_MINUTE',
  'RATE_LIMIT_SIGN_IN_FAILURES_PER_ADDRESS_PER_HOUR',
  'RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT_PER_HOUR',
  'RATE_LIMIT_REFRESH_PER_SESSION_PER_MINUTE',
  'RATE_LIMIT_REFRESH_PER_ADDRESS_PER_MINUTE',
  'RATE_LIMIT_EMAIL_LINKS_PER_MINUTE',
  'RATE_LIMIT_MAILS_PER_INBOX_PER_HOUR',
];

type Role = 'visitor' | 'author' | 'reviewer' | 'admin';
const ROLES: readonly Role[] = ['visitor', 'author', 'reviewer', 'admin'];
/**
 * Every role sends every hostile string in every slot of every route: each role reaches other
 * code (a visitor's refusal, an author's own paper, a reviewer's assignment, an admin's lists).
 */
const EVERY_COMBINATION: ReadonlySet<Role> = new Set(ROLES);
/** Bull Board's many routes answer in their own error shape: there, one in this many hostile strings in each slot. */
const SAMPLED = 4;

describe('hostile input on every route, as every role', () => {
  let testApp: TestApp;
  let routes: AppRoute[] = [];
  let document: OpenAPIObject;
  const people = new Map<Role, Person>();
  let paperId: string;

  beforeAll(async () => {
    await migrateTestDatabase();
    // Limits high enough that the hostile input, not a 429, reaches the code (configuration is read while the app is built).
    const saved = { ...process.env };
    for (const name of RATE_LIMITS) process.env[name] = '1000000';
    const app = await createApp(AppModule).finally(() => {
      for (const name of RATE_LIMITS) process.env[name] = saved[name];
      for (const name of RATE_LIMITS) if (saved[name] === undefined) delete process.env[name];
    });
    routes = recordRoutes(app);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    testApp = { app, server: app.getHttpServer(), close: () => app.close() };
    document = createOpenApiDocument(app);
    for (const role of ROLES) if (role !== 'visitor') people.set(role, await createPerson(testApp, role === 'author' ? undefined : role));
    const paper = await createPaper(testApp, { userId: people.get('author')!.id, status: PaperStatus.Published, publishedAt: new Date(), withPdf: true });
    paperId = paper.id;
  }, 60_000);

  afterAll(async () => {
    await testApp.close();
  });

  /** A sign-out (or a hostile reset) may end a role's session: such a role signs in again. */
  async function keepSignedIn(): Promise<void> {
    for (const [role, person] of people) {
      const session = await request(testApp.server).get('/api/auth/session').set('Authorization', `Bearer ${person.token}`);
      if (session.status === 401) people.set(role, await createPerson(testApp, role === 'author' ? undefined : (role as 'reviewer' | 'admin')));
    }
    // Limits the configuration does not name: a 429 is in the error shape too, but would hide the code behind it.
    await clearRateLimits(testApp);
  }

  function send(role: Role, method: string, url: string): request.Test {
    const test = request(testApp.server)[method.toLowerCase() as 'get'](url);
    const person = people.get(role);
    return person ? test.set('Authorization', `Bearer ${person.token}`) : test;
  }

  const validParameter = (name: string): string =>
    ({ id: paperId, version: '1', '*': 'anything' })[name] ?? (name.toLowerCase().includes('session') ? 'cs_test_hostile' : randomUUID());

  function operationOf(route: AppRoute): { parameters?: { in: string; name: string }[]; requestBody?: { content: Record<string, { schema: Schema }> } } | undefined {
    return (document.paths[openApiPath(route.url)] as Record<string, never> | undefined)?.[route.method.toLowerCase()];
  }

  it('knows the routes and their inputs', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.some((route) => operationOf(route)?.requestBody)).toBe(true);
  });

  it('never answers 5xx nor outside the error shape', async () => {
    const failures: string[] = [];
    let sent = 0;
    const check = async (route: AppRoute, what: string, test: request.Test) => {
      sent += 1;
      const response = await test;
      const problem = problemOf(route, response);
      if (problem) failures.push(`${what}: ${problem}`);
    };

    for (const route of routes) {
      await keepSignedIn();
      const operation = operationOf(route);
      const parameters = pathParameters(route.url);
      const query = (operation?.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
      const content = operation?.requestBody?.content ?? {};
      const jsonSchema = content['application/json']?.schema;
      const formSchema = content['multipart/form-data']?.schema;
      const validUrl = concreteUrl(route.url, validParameter);

      await Promise.all(
        ROLES.map(async (role) => {
          const as = `${route.method} ${route.url} as ${role}`;
          const offset = ROLES.indexOf(role);
          let slot = 0;
          const every = EVERY_COMBINATION.has(role) && !hasOwnErrorShape(route);
          const mine = (hostileIndex: number) => every || (hostileIndex + slot++ + offset) % SAMPLED === 0;
          for (const [hostileIndex, hostile] of HOSTILE.entries()) {
            slot = 0;
            for (const parameter of parameters) {
              if (!mine(hostileIndex)) continue;
              const url = concreteUrl(route.url, (name) => (name === parameter ? inUrl(hostile) : validParameter(name)));
              await check(route, `${as}, ${hostile.label} in :${parameter}`, send(role, route.method, url));
            }
            for (const name of query) {
              if (!mine(hostileIndex)) continue;
              await check(route, `${as}, ${hostile.label} in ?${name}`, send(role, route.method, `${validUrl}?${name}=${inUrl(hostile)}`));
            }
            if (jsonSchema) {
              for (const { path, email } of fieldsOf(document, jsonSchema)) {
                if (!mine(hostileIndex)) continue;
                const body = jsonWith(withValue(sample(document, jsonSchema), path, MARKER), email ? inAddress(hostile) : hostile);
                await check(route, `${as}, ${hostile.label} in ${path.join('.')}`, send(role, route.method, validUrl).type('application/json').send(body));
              }
            }
            if (formSchema) {
              const person = people.get(role);
              for (const name of fieldsOf(document, formSchema).map((field) => String(field.path[0]))) {
                if (!mine(hostileIndex)) continue;
                // Past the fee check, so the fields are read; the form's authors are JSON in a text field.
                if (person && route.method === 'POST' && route.url === '/api/papers') await givePaidFee(testApp, person.id);
                const fields = { ...submissionFields(), [name]: hostile.text };
                if (name === 'authors') fields.authors = JSON.stringify([{ name: hostile.text, email: 'ada@example.org', school: hostile.text }]);
                let test = send(role, route.method, validUrl);
                for (const [field, value] of Object.entries(fields)) test = test.field(field, value);
                await check(route, `${as}, ${hostile.label} in form field ${name}`, test.attach('pdf', pdfBytes(), { filename: 'paper.pdf', contentType: 'application/pdf' }));
              }
            }
          }
          if (route.method !== 'GET') {
            const json = (text: string) => send(role, route.method, validUrl).type('application/json').send(text);
            await check(route, `${as}, __proto__ keys`, json('{"__proto__":{"isAdmin":true},"comment":"x"}'));
            await check(route, `${as}, nested __proto__`, json('{"a":{"__proto__":{"isAdmin":true}}}'));
            await check(route, `${as}, constructor.prototype`, json('{"constructor":{"prototype":{"isAdmin":true}},"comment":"x"}'));
            await check(route, `${as}, 5,000 levels of arrays`, json('['.repeat(5000) + ']'.repeat(5000)));
            await check(route, `${as}, 5,000 levels of objects`, json('{"a":'.repeat(5000) + '1' + '}'.repeat(5000)));
            await check(route, `${as}, malformed JSON`, json('{"comment": "x",'));
          }
        }),
      );
    }

    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(routes.length * ROLES.length);
  }, 600_000); // a hang guard: about a minute on a quiet two-core machine

  it('answers a malformed URL in the error shape, with the security headers and the request id', async () => {
    for (const url of ['/api/papers/%', '/api/papers/%ED%A0%80', '/papers/%E0%A4%A']) {
      const response = await request(testApp.server).get(url).set('x-request-id', 'hostile-url-1234');
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'The address is not a valid URL' });
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-request-id']).toBe('hostile-url-1234');
    }
  });

  it('answers a request head too large for Node (a 100 kB address, a 20 kB header) in the error shape, with the security headers', async () => {
    for (const oversized of [
      request(testApp.server).get(`/api/papers?q=${'a'.repeat(100_000)}`),
      request(testApp.server).get('/api/papers').set('x-hostile', 'b'.repeat(20_000)),
    ]) {
      const response = await oversized;
      expect(response.status).toBe(431);
      expect(response.body).toEqual({ statusCode: 431, code: 'VALIDATION_FAILED', message: expect.any(String) as unknown });
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('refuses NUL and lone surrogates before authentication, wherever they are', async () => {
    const expectRefused = (response: Response, where: RegExp) => {
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: expect.stringMatching(where) as unknown });
    };
    // A protected route: a visitor's hostile input is refused as input, before the 401.
    expectRefused(await request(testApp.server).get('/api/papers/mine?x=%00'), /^Query parameter 'x' must not contain the NUL/);
    expectRefused(await request(testApp.server).get('/api/papers?q=a%00b'), /^Query parameter 'q'/);
    expectRefused(await request(testApp.server).get('/api/papers/a%00b'), /^Path parameter 'id'/);
    expectRefused(
      await request(testApp.server).post('/api/auth/sign-up').type('application/json').send('{"firstName":"\\ud800","lastName":"x"}'),
      /^Field 'firstName' is not valid Unicode text/,
    );
    expectRefused(await request(testApp.server).post('/api/auth/sign-in').send({ email: 'a\u0000@example.org', password: 'x' }), /^Field 'email'/);
    expectRefused(
      await request(testApp.server).post(`/api/papers/${paperId}/comments`).type('application/json').send(`{"comment":${'['.repeat(40)}${']'.repeat(40)}}`),
      /^The JSON body is nested more than 32 levels deep$/,
    );
  });
});
