import { ROLES } from '../../common/access/access-policy.js';
import type { Role } from '../../common/auth/auth.decorators.js';

/**
 * The landing role, by the spec's order: admin first, then reviewer, else user. It picks the
 * landing page and the navigation only; permissions look at every role held (rolesFrom).
 * Unknown values grant nothing.
 */
export function resolveRole(roles: Iterable<string>): Role {
  const held = new Set(roles);
  if (held.has('admin')) return 'admin';
  if (held.has('reviewer')) return 'reviewer';
  return 'user';
}

/** Every role a user holds: the rows of user_roles that name a role, and 'user', which every account is. */
export function rolesFrom(granted: readonly string[]): ReadonlySet<Role> {
  return new Set(ROLES.filter((role) => role === 'user' || granted.includes(role)));
}

/** The roles in the spec's order, for answers that list them. */
export function orderedRoles(roles: ReadonlySet<Role>): Role[] {
  return ROLES.filter((role) => roles.has(role));
}
