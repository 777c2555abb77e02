import { type INestApplication, RequestMethod, type Type } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { DocumentBuilder, type OpenAPIObject, type SchemaObject, type SecurityRequirementObject, SwaggerModule } from '@nestjs/swagger';
import { AUTHENTICATED_KEY, type AuthenticatedOptions, IS_PUBLIC_KEY } from './common/auth/auth.decorators.js';
import { ErrorResponseDto } from './common/http/error-response.dto.js';
import { type AccessMetadata, type AccessRule, resolveAccessRule } from './modules/auth/access-rule.js';
import { ACCESS_TOKEN_COOKIE } from './modules/auth/auth-cookies.js';

/** Every route is under /api except Bull Board's, which mounts itself at /admin/queues. */
export function applyApiPrefix(app: INestApplication): void {
  app.setGlobalPrefix('api', { exclude: [{ path: 'admin/queues', method: RequestMethod.ALL }] });
}

/** The security schemes' names in the document: the access token as its cookie or as a Bearer header. */
const COOKIE_SCHEME = 'cookie';
const BEARER_SCHEME = 'bearer';
/** What a signed-in route accepts: either scheme. A public route's `security` is `[]`. */
const SIGNED_IN: SecurityRequirementObject[] = [{ [COOKIE_SCHEME]: [] }, { [BEARER_SCHEME]: [] }];

/**
 * The OpenAPI document, generated from the controllers and DTOs. It is served at /api/docs and
 * written to backend/openapi.json, from which the web app's request and response types are
 * generated (`npm run api:types`); `npm test` lints it with Redocly's recommended rules
 * (redocly.yaml).
 */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Young Scientists Journal API')
      .setDescription('Errors always have the shape { statusCode, code, message }; see docs/api.md.')
      .setVersion('1')
      // Relative: the API is served from the journal's own origin (PUBLIC_URL), and the file stays the same on every machine.
      .addServer('/', 'The journal itself: the API is under /api on the origin that serves the web app')
      .addCookieAuth(ACCESS_TOKEN_COOKIE, { type: 'apiKey', in: 'cookie', description: 'The session cookie set by sign-in and refresh' }, COOKIE_SCHEME)
      .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The same access token as an Authorization header (scripts, tests)' }, BEARER_SCHEME)
      // Every route can refuse a request: input that cannot be text or a malformed URL (400) before
      // anything else, then its own checks; an operation's own 4xx responses say which codes it adds.
      .addGlobalResponse({ status: '4XX', description: 'The request was refused; the code says why (docs/api.md, Error codes)', type: ErrorResponseDto })
      .addGlobalResponse({ status: 'default', description: 'An error, with its stable code', type: ErrorResponseDto })
      .build(),
  );
  applyAccessRules(document, accessRulesByOperationId(app));
  tidySchemas(document);
  return document;
}

/**
 * Each operation's `security`, from the same metadata and the same reading the global AuthGuard
 * uses (`@Public()`, `@Authenticated()`, deny by default), so the document cannot say a route is
 * open when the guard closes it, or the reverse.
 */
function applyAccessRules(document: OpenAPIObject, rules: ReadonlyMap<string, AccessRule>): void {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!isOperation(operation)) continue;
      const rule = operation.operationId === undefined ? undefined : rules.get(operation.operationId);
      if (!rule) throw new Error(`OpenAPI: no controller method found for ${method.toUpperCase()} ${path} (${operation.operationId})`);
      (item as Record<string, unknown>)[method] = sortKeys({ ...operation, security: rule.kind === 'public' ? [] : SIGNED_IN.map((requirement) => ({ ...requirement })) });
    }
  }
}

function isOperation(value: unknown): value is { operationId?: string } {
  return typeof value === 'object' && value !== null && 'responses' in value;
}

/** Every controller method's access rule, keyed as Nest's Swagger module names operations (`Controller_method`). */
function accessRulesByOperationId(app: INestApplication): Map<string, AccessRule> {
  const rules = new Map<string, AccessRule>();
  const metadataOf = (target: object): AccessMetadata => ({
    isPublic: Reflect.getMetadata(IS_PUBLIC_KEY, target) as boolean | undefined,
    authenticated: Reflect.getMetadata(AUTHENTICATED_KEY, target) as AuthenticatedOptions | undefined,
  });
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller) continue;
      // Inherited handlers too, as Nest's route scanner finds them; the class's own come first.
      for (let prototype = controller.prototype as object | null; prototype && prototype !== Object.prototype; prototype = Object.getPrototypeOf(prototype) as object | null) {
        for (const name of Object.getOwnPropertyNames(prototype)) {
          const handler = (prototype as Record<string, unknown>)[name];
          const id = `${controller.name}_${name}`;
          if (name === 'constructor' || typeof handler !== 'function' || rules.has(id)) continue;
          rules.set(id, resolveAccessRule(metadataOf(handler), metadataOf(controller)));
        }
      }
    }
  }
  return rules;
}

/**
 * Two shapes Nest's Swagger module gives a property that names an enum schema (`enumName`), made
 * plain: `{ allOf: [ref] }` alone becomes the reference itself, and a nullable one gets the enum's
 * `type` beside `nullable` (OpenAPI 3.0 reads `nullable` only next to a `type`).
 */
function tidySchemas(document: OpenAPIObject): void {
  const schemas = document.components?.schemas ?? {};
  const typeOf = (ref: string): SchemaObject['type'] => (schemas[ref.replace('#/components/schemas/', '')] as SchemaObject | undefined)?.type;
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (typeof node !== 'object' || node === null) return node;
    const schema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, visit(value)])) as SchemaObject & Record<string, unknown>;
    const only = schema.allOf?.length === 1 ? (schema.allOf[0] as { $ref?: string }) : undefined;
    if (only?.$ref === undefined) return schema;
    if (Object.keys(schema).length === 1) return only;
    if (schema.nullable && schema.type === undefined) {
      const type = typeOf(only.$ref);
      if (type !== undefined) return { type, ...schema };
    }
    return schema;
  };
  Object.assign(document, visit(document));
}

function sortKeys<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) as T;
}
