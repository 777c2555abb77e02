import { describe, expect, it } from 'vitest';
import { type ChunkInfo, routePreloadsOf } from './route-preloads';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false): ChunkInfo => ({
  fileName,
  moduleIds,
  imports,
  isEntry,
});

// The shape of the real build: the entry (the landing group) and what it imports, a page that
// imports a shared chunk and the entry, and the API chunk that imports a chunk of its own.
const chunks = [
  chunk('assets/index-a.js', ['/app/src/main.tsx', '/app/src/pages/home/home-page.tsx'], ['assets/vendor-b.js'], true),
  chunk('assets/vendor-b.js', ['/app/node_modules/react/index.js']),
  chunk('assets/papers-page-c.js', ['/app/src/pages/papers/papers-page.tsx'], ['assets/index-a.js', 'assets/load-more-d.js', 'assets/api-e.js']),
  chunk('assets/load-more-d.js', ['/app/src/shared/ui/load-more.tsx'], ['assets/index-a.js']),
  chunk('assets/api-e.js', ['/app/src/app/api-parts.ts', '/app/src/shared/api/base-api.ts'], ['assets/index-a.js', 'assets/query-f.js']),
  chunk('assets/query-f.js', ['/app/node_modules/@reduxjs/toolkit/dist/query/index.js']),
  chunk('assets/contact-page-g.js', ['/app/src/pages/contact/contact-page.tsx'], ['assets/vendor-b.js']),
];

describe('routePreloadsOf', () => {
  it("lists a route's page chunk, the shared chunks and what they import, less what index.html loads", () => {
    const preloads = routePreloadsOf(
      chunks,
      {
        '/papers': { page: '/app/src/pages/papers/papers-page.tsx', requests: ['/api/papers?limit=12'] },
        '/contact': { page: '/app/src/pages/contact/contact-page.tsx' },
      },
      ['/app/src/app/api-parts.ts'],
    );
    expect(preloads).toEqual({
      '/papers': {
        modules: ['/assets/papers-page-c.js', '/assets/load-more-d.js', '/assets/api-e.js', '/assets/query-f.js'],
        requests: ['/api/papers?limit=12'],
      },
      '/contact': { modules: ['/assets/contact-page-g.js', '/assets/api-e.js', '/assets/query-f.js'], requests: [] },
    });
  });

  it('fails the build when a page is in no chunk (renamed or no longer imported)', () => {
    expect(() => routePreloadsOf(chunks, { '/gone': { page: '/app/src/pages/gone/gone-page.tsx' } }, [])).toThrow(
      'route preloads: /app/src/pages/gone/gone-page.tsx is in no chunk of the build',
    );
  });
});
