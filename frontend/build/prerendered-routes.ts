// Read by vite.config.ts (relative imports only: the config is bundled without the `@/` alias).
import { resolve } from 'node:path';
import { type Alias, type Plugin, runnerImport } from 'vite';

/** The HTML some routes show before the app has rendered, by route pattern (read by backend/src/common/web/web-app-shell.ts). */
export const PRERENDERED_ROUTES_FILE = 'prerendered-routes.json';

/** What the entry module exports: the markup by route pattern. */
interface PrerenderEntry {
  prerenderedRoutes(): Record<string, string>;
}

/**
 * Writes prerendered-routes.json into the build: `entry` (src/app/prerendered-routes.tsx) run in
 * Node through Vite's module runner, with the build's aliases, so the markup is made by the very
 * components the app renders and cannot drift from them. Its packages are loaded by Node itself.
 */
export function prerenderedRoutes(options: { entry: string }): Plugin {
  let root = '';
  let alias: Alias[] = [];
  return {
    name: 'journal:prerendered-routes',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      alias = config.resolve.alias;
    },
    async generateBundle() {
      const { module } = await runnerImport<PrerenderEntry>(resolve(root, options.entry), {
        root,
        logLevel: 'error',
        resolve: { alias },
      });
      const source = `${JSON.stringify(module.prerenderedRoutes(), null, 2)}\n`;
      this.emitFile({ type: 'asset', fileName: PRERENDERED_ROUTES_FILE, source });
    },
  };
}
