import { canonicalPath, routeMatcher } from './route-patterns.js';

describe('routeMatcher', () => {
  const routeOf = routeMatcher(['/papers/:id', '/papers', '/payments/test-checkout', '/papers/new']);

  it('matches a path as React Router does: a segment per parameter, any case, an optional trailing slash', () => {
    expect(routeOf('/papers')).toBe('/papers');
    expect(routeOf('/papers/')).toBe('/papers');
    expect(routeOf('/Papers')).toBe('/papers');
    expect(routeOf('/papers/3f1c')).toBe('/papers/:id');
    expect(routeOf('/payments/test-checkout')).toBe('/payments/test-checkout');
  });

  it('prefers a static path to a pattern that also matches it', () => {
    expect(routeOf('/papers/new')).toBe('/papers/new');
  });

  it('matches nothing else: no prefix, no deeper path, no empty parameter', () => {
    for (const path of ['/', '/paper', '/papersx', '/papers/3f1c/pdf', '/papers//', '/payments', '/api/papers']) {
      expect(routeOf(path)).toBeUndefined();
    }
  });
});

describe('canonicalPath', () => {
  it("spells a static page as its pattern does, whatever the address's case or trailing slash", () => {
    expect(canonicalPath('/guidelines', '/Guidelines/')).toBe('/guidelines');
    expect(canonicalPath('/payments/test-checkout', '/PAYMENTS/test-checkout')).toBe('/payments/test-checkout');
    expect(canonicalPath('/', '/')).toBe('/');
  });

  it("keeps a parameter's value as the address gives it", () => {
    expect(canonicalPath('/papers/:id', '/Papers/3F1c-arxiv.2401/')).toBe('/papers/3F1c-arxiv.2401');
  });
});
