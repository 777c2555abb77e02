import { type RouteObject } from 'react-router-dom';
import { lazyRoutes } from '../../build/lazy-routes';
import { routes } from './routes';

function lazyRoutesOf(tree: readonly RouteObject[]): RouteObject[] {
  return tree.flatMap((route) => [...(route.lazy ? [route] : []), ...lazyRoutesOf(route.children ?? [])]);
}

// The build names each lazy route's scripts in route-preloads.json from build/lazy-routes.ts, and
// the server puts them in the route's HTML: a list that drifts from the router preloads nothing,
// or the scripts of another page.
describe("the build's list of lazy routes", () => {
  const listed = lazyRoutes('/api');

  it('names every lazy route of the router, and nothing else', () => {
    expect(Object.keys(listed).sort()).toEqual(lazyRoutesOf(routes).map((route) => route.path).sort());
  });

  it('gives each route the page module its lazy() loads', async () => {
    for (const route of lazyRoutesOf(routes)) {
      const { Component } = await (route.lazy as () => Promise<{ Component: unknown }>)();
      const page = (await import(/* @vite-ignore */ `/${listed[route.path!].page}`)) as Record<string, unknown>;
      expect(Object.values(page), route.path).toContain(Component);
    }
  });
});
