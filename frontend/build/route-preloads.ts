import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { LazyRoute } from './lazy-routes';

/** One route's entry in route-preloads.json (read by backend/src/common/web/web-app-shell.ts). */
export interface RoutePreloads {
  /** Script files (from the site's root) the route needs beyond those index.html loads. */
  modules: string[];
  requests: string[];
}

/** The part of an output chunk this plugin reads. */
export interface ChunkInfo {
  fileName: string;
  isEntry: boolean;
  moduleIds: readonly string[];
  imports: readonly string[];
}

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * For each route: the chunk holding its page, the chunks holding `shared` (what every lazy route
 * loads with its page) and every chunk those import statically, less the chunks index.html
 * already loads (the entry and its static imports). Throws when a module is in no chunk, so a
 * renamed page fails the build instead of silently losing its preloads.
 */
export function routePreloadsOf(
  chunks: readonly ChunkInfo[],
  routes: Readonly<Record<string, LazyRoute>>,
  shared: readonly string[],
): Record<string, RoutePreloads> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: readonly ChunkInfo[]): string[] => {
    const seen = new Set<string>();
    const visit = (chunk: ChunkInfo) => {
      if (seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      for (const imported of chunk.imports) {
        const next = byFile.get(imported);
        if (next) visit(next);
      }
    };
    start.forEach(visit);
    return [...seen];
  };
  const chunkOf = (moduleId: string): ChunkInfo => {
    const chunk = chunks.find((candidate) => candidate.moduleIds.includes(moduleId));
    if (!chunk) throw new Error(`route preloads: ${moduleId} is in no chunk of the build`);
    return chunk;
  };

  const initial = new Set(closure(chunks.filter((chunk) => chunk.isEntry)));
  const sharedChunks = shared.map(chunkOf);
  return Object.fromEntries(
    Object.entries(routes).map(([path, route]) => {
      const files = closure([chunkOf(route.page), ...sharedChunks]).filter((file) => !initial.has(file));
      return [path, { modules: files.map((file) => `/${file}`), requests: [...(route.requests ?? [])] }];
    }),
  );
}

/**
 * Writes route-preloads.json into the build: for each lazy route (by its path pattern), the
 * scripts it needs and the requests it starts, so the server can name them in the page's HTML
 * and the browser fetch them along with the entry script instead of one round trip after it.
 */
export function routePreloads(options: { routes: Readonly<Record<string, LazyRoute>>; shared: readonly string[] }): Plugin {
  let root = process.cwd();
  return {
    name: 'journal:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const absolute = (file: string) => resolve(root, file);
      const routes = Object.fromEntries(
        Object.entries(options.routes).map(([path, route]) => [path, { ...route, page: absolute(route.page) }]),
      );
      const preloads = routePreloadsOf(chunks, routes, options.shared.map(absolute));
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}
