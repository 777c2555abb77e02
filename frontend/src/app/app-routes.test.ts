import { type RouteObject } from 'react-router-dom';
import { pageHeads } from '@journal/web-shared/page-heads';
import { appRoutePatterns } from '../../build/app-routes';
import { routes } from './routes';

function pathsOf(tree: readonly RouteObject[]): string[] {
  return tree.flatMap((route) => [...(route.path === undefined ? [] : [route.path]), ...pathsOf(route.children ?? [])]);
}

// The build writes app-routes.json from build/app-routes.ts, and the server answers 404 for an
// address no pattern in it matches: a route missing from the list would be a 404 for a real page.
describe("the build's list of every route", () => {
  it('names every route of the router but the catch-all, and nothing else', () => {
    const routed = pathsOf(routes);
    expect(routed).toContain('*');
    expect([...appRoutePatterns()].sort()).toEqual(routed.filter((path) => path !== '*').sort());
  });

  it('has only absolute patterns, each once', () => {
    const patterns = appRoutePatterns();
    expect(new Set(patterns).size).toBe(patterns.length);
    for (const pattern of patterns) expect(pattern).toMatch(/^\/[^*]*$/);
  });
});

// Both halves name a page from one table (backend common/web-shared/page-heads.ts): a route
// missing from it would be served, and shown, with the not-found page's title.
describe('the head of every route', () => {
  it('is in the table of page heads, which names no route the router lacks', () => {
    expect([...pageHeads('Journal').keys()].sort()).toEqual([...appRoutePatterns()].sort());
  });
});
