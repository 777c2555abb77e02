/** Roles a user holds besides the implicit 'user'. */
export const GRANTABLE_ROLES = ['admin', 'reviewer'] as const;
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];
