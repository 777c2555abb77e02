import { type RouteObject } from 'react-router-dom';
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
