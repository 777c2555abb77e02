import type { NestFastifyApplication } from '@nestjs/platform-fastify';

export interface AppRoute {
  method: string;
  /** Fastify's pattern: `/api/papers/:id`, `/*`. */
  url: string;
}

/**
 * Records every route the application registers from now on, HEAD and OPTIONS aside. Call it
 * before `app.init()`: modules register their routes during init, so a route added later in the
 * code is walked without touching the tests (the factory's own API docs and web-app fallback are
 * registered before, and are not seen).
 */
export function recordRoutes(app: NestFastifyApplication): AppRoute[] {
  const routes: AppRoute[] = [];
  app.getHttpAdapter().getInstance().addHook('onRoute', (route: { method: string | string[]; url: string }) => {
    for (const method of ([] as string[]).concat(route.method)) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url });
    }
  });
  return routes;
}

/** The names of a route's path parameters, a wildcard as `*`. */
export function pathParameters(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((match) => match[1] ?? '*');
}

/** The route's URL with each parameter (and wildcard) replaced by `valueOf(name)`, used as given (already encoded). */
export function concreteUrl(url: string, valueOf: (name: string) => string): string {
  return url.replace(/:([A-Za-z0-9_]+)|\*/g, (_match, name: string | undefined) => valueOf(name ?? '*'));
}

/** Fastify's `/api/papers/:id` as OpenAPI writes it, `/api/papers/{id}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}
