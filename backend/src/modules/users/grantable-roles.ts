/** Roles a user holds besides the implicit 'user'. */
export { GRANTABLE_ROLES, type GrantableRole } from '../../common/web-shared/roles.js';
