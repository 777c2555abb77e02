import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
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
});
