import { EntityRepository } from '@mikro-orm/postgresql';
import type { GrantableRole, UserRole } from './user-role.entity.js';

export class UserRoleRepository extends EntityRepository<UserRole> {
  async rolesOf(userId: string): Promise<GrantableRole[]> {
    const rows = await this.find({ userId }, { fields: ['role'] });
    return rows.map((row) => row.role);
  }
}
