import { safeReturnPath, withQueryParameter } from './return-path.js';

describe('the page a sign-in may return to', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(safeReturnPath('/review/1?tab=a#b')).toBe('/review/1?tab=a#b');
    expect(safeReturnPath('/papers/../admin')).toBe('/admin');
  });

  it.each([['//evil.example'], ['https://evil.example/'], ['javascript:alert(1)'], ['/\\evil.example'], ['/a\tb'], ['review/1'], ['/auth'], ['/Auth/'], ['/papers/../auth?x=1'], [''], [null], [42], [`/${'a'.repeat(2000)}`]])(
    'refuses %p',
    (candidate) => {
      expect(safeReturnPath(candidate)).toBeNull();
    },
  );

  it('adds a query parameter before the fragment', () => {
    expect(withQueryParameter('/a', 'orcid=signed_in')).toBe('/a?orcid=signed_in');
    expect(withQueryParameter('/a?b=1#c', 'orcid=signed_in')).toBe('/a?b=1&orcid=signed_in#c');
  });
});
