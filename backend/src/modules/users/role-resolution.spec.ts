import { orderedRoles, resolveRole, rolesFrom } from './role-resolution.js';

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

describe('rolesFrom', () => {
  it.each([
    [[], ['user']],
    [['reviewer'], ['reviewer', 'user']],
    [['reviewer', 'admin'], ['admin', 'reviewer', 'user']],
    [['superuser', 'admin'], ['admin', 'user']],
  ])('%j is the set %j', (granted, expected) => {
    expect(orderedRoles(rolesFrom(granted))).toEqual(expected);
  });
});
