import { type Caller, hasAnyRole } from '../../common/access/access-policy.js';
import type { Permission } from '../../common/access/permission.js';
import type { AuthenticatedOptions, Role } from '../../common/auth/auth.decorators.js';

export type AccessRule = { kind: 'public' } | { kind: 'signed-in'; roles?: readonly Role[]; permission?: Permission };
export type AccessDecision = 'allow' | 'unauthenticated' | 'forbidden';

/** Route metadata as the decorators leave it, on the handler or on its controller. */
export interface AccessMetadata {
  isPublic?: boolean;
  authenticated?: AuthenticatedOptions;
}

/**
 * The handler's own metadata beats its controller's; at the same level `@Authenticated` beats
 * `@Public` (the stricter reading); with neither, a signed-in user is needed (deny by default).
 */
export function resolveAccessRule(handler: AccessMetadata, controller: AccessMetadata): AccessRule {
  for (const level of [handler, controller]) {
    if (level.authenticated) {
      const { roles, permission } = level.authenticated;
      return permission === undefined ? { kind: 'signed-in', roles } : { kind: 'signed-in', roles, permission };
    }
    if (level.isPublic) return { kind: 'public' };
  }
  return { kind: 'signed-in' };
}

/**
 * A user holding any of the listed roles passes (an admin who also reviews passes both kinds of
 * route). An empty role list admits nobody: a mistake in the metadata must close the route, not open it.
 */
export function decideAccess(rule: AccessRule, user: Caller | null): AccessDecision {
  if (rule.kind === 'public') return 'allow';
  if (!user) return 'unauthenticated';
  if (rule.roles && !hasAnyRole(user, rule.roles)) return 'forbidden';
  return 'allow';
}
