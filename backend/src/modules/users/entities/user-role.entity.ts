import { defineEntity, p } from '@mikro-orm/core';
import { GRANTABLE_ROLES } from '../grantable-roles.js';
import { UserRoleRepository } from './user-role.repository.js';

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
