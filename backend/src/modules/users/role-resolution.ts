import type { Role } from '../../common/auth/auth.decorators.js';

/** The spec's order: admin first, then reviewer, else user. Unknown values grant nothing. */
export function resolveRole(roles: readonly string[]): Role {
  if (roles.includes('admin')) return 'admin';
  if (roles.includes('reviewer')) return 'reviewer';
  return 'user';
}
