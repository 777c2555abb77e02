import { type Caller, EDITORIAL_TEAM_ROLE, hasAnyRole } from '../../common/access/access-policy.js';
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

/** The first path segment of the editors' routes (`/api/admin/…`, the global prefix aside). */
const ADMIN_SEGMENT = 'admin';

const pathsOf = (metadata: unknown): string[] => (Array.isArray(metadata) ? metadata.map(String) : [typeof metadata === 'string' ? metadata : '']);

/**
 * Whether a route lies under `/api/admin`, from its controller's and its handler's paths (the
 * `@Controller` and `@Get`/`@Post`… metadata). One of several paths being there is enough.
 */
export function isAdminRoute(controllerPath: unknown, handlerPath: unknown): boolean {
  return pathsOf(controllerPath).some((base) =>
    pathsOf(handlerPath).some((own) => `${base}/${own}`.split('/').find((segment) => segment !== '') === ADMIN_SEGMENT),
  );
}

/**
 * Every route under `/api/admin` is the editorial team's (the access policy names its role),
 * whatever its own metadata says: a visitor gets 401 and any other signed-in user 403 from the
 * guard, before a pipe checks the id or a service looks it up (which would also tell a stranger
 * whether the id exists). The route's own permission is still asked of the access policy for the
 * editors who pass.
 */
export function adminOnly(rule: AccessRule): AccessRule {
  const permission = rule.kind === 'signed-in' ? rule.permission : undefined;
  return permission === undefined ? { kind: 'signed-in', roles: [EDITORIAL_TEAM_ROLE] } : { kind: 'signed-in', roles: [EDITORIAL_TEAM_ROLE], permission };
}
