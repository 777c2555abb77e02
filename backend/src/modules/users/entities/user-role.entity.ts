import { defineEntity, p } from '@mikro-orm/core';
import { UserRoleRepository } from './user-role.repository.js';

/** Roles a user holds besides the implicit 'user'. */
export const GRANTABLE_ROLES = ['admin', 'reviewer'] as const;
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

const UserRoleSchema = defineEntity({
  name: 'UserRole',
  tableName: 'user_roles',
  repository: () => UserRoleRepository,
  primaryKeys: ['userId', 'role'],
  properties: {
    userId: p.uuid().primary(),
    role: p.enum(GRANTABLE_ROLES).primary(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class UserRole extends UserRoleSchema.class {}
UserRoleSchema.setClass(UserRole);
export { UserRoleSchema };
