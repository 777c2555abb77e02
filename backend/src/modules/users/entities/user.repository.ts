import { EntityRepository } from '@mikro-orm/postgresql';
import { normalizeEmail } from '../email-address.js';
import type { User } from './user.entity.js';

/**
 * Users with their profiles and roles. Three reads are written in SQL because each is one
 * statement the ORM cannot say in one: the roles gathered into an array, the name falling back to
 * the e-mail, the union over two trigram indexes. The identity runs on every request; none of the
 * three has been measured against an ORM version.
 */
export class UserRepository extends EntityRepository<User> {
  findByEmail(email: string): Promise<User | null> {
    return this.findOne({ email: normalizeEmail(email) });
  }

  /**
   * The user's e-mail and role names in one query. Runs on the connection directly, so it works
   * with or without a request context (the Bull Board hook has none).
   */
  async identityOf(userId: string): Promise<{ id: string; email: string; roles: string[] } | null> {
    const rows = await this.em.getConnection().execute<{ id: string; email: string; roles: string[] }[]>(
      `select u.id, u.email, coalesce(array_agg(r.role) filter (where r.role is not null), '{}') as roles
         from users u left join user_roles r on r.user_id = u.id
        where u.id = ?
        group by u.id`,
      [userId],
    );
    return rows[0] ?? null;
  }

  /** "First Last" from the profile, else the account's e-mail, for each id that exists. */
  async displayNamesOf(userIds: readonly string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const ids = [...new Set(userIds)];
    const rows = await this.em.getConnection().execute<{ id: string; name: string }[]>(
      `select u.id, coalesce(nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''), u.email) as name
         from users u left join profiles p on p.id = u.id
        where u.id in (${ids.map(() => '?').join(', ')})`,
      ids,
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /**
   * The accounts whose e-mail or profile name ("first last") is like the lower-case LIKE pattern.
   * Both are trigram-indexed (migration 20261123000100).
   */
  async idsLike(pattern: string): Promise<string[]> {
    const rows = await this.em.getConnection().execute<{ id: string }[]>(
      `select id from users where email like ?
       union
       select id from profiles where profile_search_name(first_name, last_name) like ?`,
      [pattern, pattern],
    );
    return rows.map((row) => row.id);
  }
}
