import { destinationAfterSignIn, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it.each(['/review/1', '/admin?tab=messages', '/papers/abc#discussion', '/reviewer-dashboard', '/'])('keeps the path of this site %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    ['no value', null],
    ['an empty value', ''],
    ['a protocol-relative address', '//evil.com/review/1'],
    ['an absolute address', 'https://evil.com'],
    ['a scheme', 'javascript:alert(1)'],
    ['a relative path', 'review/1'],
    ['a backslash browsers read as a slash', '/\\evil.com'],
    ['a tab browsers drop', '/\t/evil.com'],
    ['a line break browsers drop', '/\n/evil.com'],
    ['/auth itself', '/auth'],
    ['/auth with a query', '/auth?next=/admin'],
    ['/auth in another case, with a trailing slash', '/AUTH/'],
    ['/auth reached through a dot segment', '/papers/../auth'],
  ])('refuses %s', (_case, candidate) => {
    expect(safeReturnPath(candidate)).toBeNull();
  });
});

describe('destinationAfterSignIn', () => {
  it("falls back to the role's landing page when the requested page is unsafe or missing", () => {
    expect(destinationAfterSignIn('admin', '//evil.com')).toBe('/admin');
    expect(destinationAfterSignIn('reviewer', null)).toBe('/reviewer-dashboard');
    expect(destinationAfterSignIn('user', 'https://evil.com')).toBe('/');
  });

  it('follows a safe requested page whatever the role', () => {
    expect(destinationAfterSignIn('user', '/my-submissions')).toBe('/my-submissions');
  });
});
