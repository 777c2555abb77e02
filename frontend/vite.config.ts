import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';
import { appRoutePatterns, appRoutes } from './build/app-routes';
import { LAZY_ROUTES_SHARED, lazyRoutes } from './build/lazy-routes';
import { prerenderedRoutes } from './build/prerendered-routes';
import { routePreloads } from './build/route-preloads';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // route-preloads.json: the server names a route's scripts (and /papers' first request) in its
    // HTML. The API's base as src/shared/config/env.ts reads it.
    routePreloads({
      routes: lazyRoutes(loadEnv(mode, import.meta.dirname, 'VITE_').VITE_API_BASE_URL || '/api'),
      shared: LAZY_ROUTES_SHARED,
    }),
    // app-routes.json: every route pattern, so the server answers 404 for any other address.
    appRoutes({ patterns: appRoutePatterns() }),
    // prerendered-routes.json: the landing page as HTML, which the server puts inside #root of /.
    prerenderedRoutes({ entry: 'src/app/prerendered-routes.tsx' }),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // Pure TypeScript both halves run (the comment-markup grammar, say); it imports nothing.
      '@journal/web-shared': fileURLToPath(new URL('../backend/src/common/web-shared', import.meta.url)),
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/admin/queues': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/admin/queues': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    sourcemap: true,
    // The polyfill weighed on every page's first script; a browser without modulepreload (Safari
    // before 17) still loads every module, only without the head start.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // One file for all the landing page loads (every module the entry imports statically),
        // and RTK Query with the shared API code in one chunk for the lazy pages: left to itself the
        // bundler cut these into a dozen small files fetched one round trip after the entry.
        codeSplitting: {
          groups: [
            { name: 'landing', tags: ['$initial'], priority: 2 },
            {
              name: 'api',
              test: /node_modules[\\/](@reduxjs[\\/]toolkit[\\/]dist[\\/]query|reselect|@standard-schema)|src[\\/]shared[\\/](api|config|lib)[\\/]|src[\\/]app[\\/]api-parts|src[\\/]features[\\/]auth[\\/](api|model)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // A hang guard, not a speed goal: user-event journeys through a whole form take seconds on a
    // busy machine, and a slower machine must not turn them red (speed is measured in bench/).
    testTimeout: 30_000,
  },
}));
