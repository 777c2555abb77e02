import { EntityRepository } from '@mikro-orm/postgresql';
import type { GrantableRole } from '../grantable-roles.js';
import type { UserRole } from './user-role.entity.js';

export class UserRoleRepository extends EntityRepository<UserRole> {
  async rolesOf(userId: string): Promise<GrantableRole[]> {
    const rows = await this.find({ userId }, { fields: ['role'] });
    return rows.map((row) => row.role);
  }

  /** Idempotent: answers whether the user did not hold the role yet. */
  async grant(userId: string, role: GrantableRole): Promise<boolean> {
    const result = await this.createQueryBuilder().insert({ userId, role }).onConflict(['userId', 'role']).ignore().execute<{ affectedRows: number }>('run');
    return result.affectedRows > 0;
  }
}
