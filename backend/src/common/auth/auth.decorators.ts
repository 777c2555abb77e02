import { SetMetadata } from '@nestjs/common';
import type { Role } from '../access/access-policy.js';
import type { Permission } from '../access/permission.js';

export type { Role };

export const IS_PUBLIC_KEY = 'auth:isPublic';
export const AUTHENTICATED_KEY = 'auth:authenticated';

export interface AuthenticatedOptions {
  /** The route admits a user holding any one of these roles; absent means any signed-in user. */
  roles?: readonly Role[];
  /**
   * A standing permission (one about no single paper, such as `invitation.send`) the caller must
   * hold; the access policy decides it from the caller's roles.
   */
  permission?: Permission;
}

/**
 * Opens a route to visitors. Every route without it needs a signed-in user (deny by default).
 * The OpenAPI document reads these same metadata for each operation's `security` (openapi.ts).
 */
export const Public = () => SetMetadata(IS_PUBLIC_KEY, true);

/** Restricts a route to signed-in users, optionally to those holding a standing permission or one of the given roles. */
export const Authenticated = (options: AuthenticatedOptions = {}) => SetMetadata(AUTHENTICATED_KEY, options);
