import { resolveRole } from './role-resolution.js';

describe('resolveRole', () => {
  it.each([
    [[], 'user'],
    [['reviewer'], 'reviewer'],
    [['admin'], 'admin'],
    [['reviewer', 'admin'], 'admin'],
    [['admin', 'reviewer'], 'admin'],
    [['superuser', 'user'], 'user'],
  ])('%j resolves to %s', (roles, expected) => {
    expect(resolveRole(roles)).toBe(expected);
  });
});
