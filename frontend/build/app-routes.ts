// Read by vite.config.ts (relative imports only: the config is bundled without the `@/` alias) and
// by src/app/app-routes.test.ts, which holds it to src/app/routes.tsx.
import type { Plugin } from 'vite';
import { paths } from '../src/shared/config/paths';
import { lazyRoutes } from './lazy-routes';

/** Every route pattern of the web app (read by backend/src/common/web/web-app-shell.ts). */
export const APP_ROUTES_FILE = 'app-routes.json';

/** The routes of src/app/routes.tsx in the initial bundle (every other one is in lazyRoutes). */
export const EAGER_ROUTES: readonly string[] = [paths.home.path];

/**
 * The path patterns of every route of src/app/routes.tsx, eager and lazy, without the catch-all
 * (`*`, the not-found page): the server answers any other address with 404 and the app's page,
 * which then shows its not-found view.
 */
export function appRoutePatterns(): string[] {
  return [...EAGER_ROUTES, ...Object.keys(lazyRoutes('/api'))];
}

/** Writes app-routes.json into the build: `{ "patterns": [...] }`. */
export function appRoutes(options: { patterns: readonly string[] }): Plugin {
  return {
    name: 'journal:app-routes',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: APP_ROUTES_FILE, source: `${JSON.stringify({ patterns: options.patterns }, null, 2)}\n` });
    },
  };
}
