// The roles a person may hold, known to both halves: the API's Role enum is made from this list
// and the web app's types from the API's; who may do what with them is the access policy's.

/** In the spec's order of landing pages: admin first, then reviewer, else user. */
export const ROLES = ['admin', 'reviewer', 'user'] as const;

export type Role = (typeof ROLES)[number];

/** The roles a person is granted; every account holds 'user' without a grant. */
export const GRANTABLE_ROLES = ROLES.filter((role): role is Exclude<Role, 'user'> => role !== 'user');

export type GrantableRole = (typeof GRANTABLE_ROLES)[number];
